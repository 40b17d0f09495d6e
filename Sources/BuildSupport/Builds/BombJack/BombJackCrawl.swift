import CatalogKit
import Foundation

/// The breadth-first walk and the size probes: all the BombJack build's network work.
enum BombJackCrawl {
  /// Pages fetched and parsed at once; the fetcher's per-host gate still paces the requests.
  static let batchSize = 32
  /// Every page's check, made once: its identity keys the kept parses that stand in for bodies.
  static let pageCheck = AnswerCheck.page(BombJackPage.shape)

  static func walk(_ ctx: BuildContext, start: [URL], scoped: Bool, maxPages: Int) async throws -> CrawlResult {
    var frontier = BombJackSiteWalk(start: start, maxPages: maxPages, scoped: scoped)
    var pages: [BombJackPage] = []
    var failed: [FailedPage] = []
    var missing: [URL] = []
    var firstBatch = true
    while true {
      let batch = frontier.next(batchSize)
      if batch.isEmpty { break }
      let results = try await readAll(batch, fetcher: ctx.fetcher, parses: ctx.parses)
      if firstBatch, let first = batch.first, results.allSatisfy({ if case .robots = $0 { true } else { false } }) {
        throw BombJackFailure.robotsDisallow(first)
      }
      firstBatch = false
      for (url, outcome) in zip(batch, results) {
        switch outcome {
        case .page(var page):
          frontier.add(page.links)
          page.links = []
          for note in page.notes { ctx.warn(note) }
          pages.append(page)
        case .failed(let reason):
          failed.append(FailedPage(url: url, reason: reason))
          ctx.warn("\(url.absoluteString): \(reason); the page is skipped")
        case .missing:
          missing.append(url)
        case .robots:
          failed.append(FailedPage(url: url, reason: "robots.txt disallows this path"))
          ctx.warn("\(url.absoluteString): robots.txt disallows this path; the page is skipped")
        }
      }
      ctx.progress.step(
        "walk", done: frontier.taken, total: frontier.taken + frontier.pending, detail: "\(pages.count) read")
    }
    if !missing.isEmpty { throw FetchError.notCachedMany(missing) }
    if pages.isEmpty { throw BombJackFailure.nothingRead(failed) }
    return CrawlResult(pages: pages, failed: failed, capped: frontier.isCapped, leftOver: frontier.leftOver)
  }

  enum PageOutcome: Sendable {
    case page(BombJackPage)
    case failed(String)
    case missing
    case robots
  }

  /// Fetches and parses a batch concurrently; results come back in the batch's order.
  static func readAll(_ urls: [URL], fetcher: Fetcher, parses: ParseCache) async throws -> [PageOutcome] {
    try await withThrowingTaskGroup(of: Numbered.self) { group in
      for (i, url) in urls.enumerated() {
        group.addTask { Numbered(i, try await read(url, fetcher: fetcher, parses: parses)) }
      }
      var out = [PageOutcome](repeating: .missing, count: urls.count)
      for try await n in group { out[n.index] = n.outcome }
      return out
    }
  }

  /// One page's outcome and its place in the batch. A class: large tuples as a task group's element
  /// type miscompile in release builds on Swift 6.3 (see the fetcher's `Slot`).
  final class Numbered: Sendable {
    let index: Int
    let outcome: PageOutcome
    init(_ index: Int, _ outcome: PageOutcome) {
      self.index = index
      self.outcome = outcome
    }
  }

  static func read(_ url: URL, fetcher: Fetcher, parses: ParseCache) async throws -> PageOutcome {
    do {
      let r = try await fetcher.getParsed(url, as: BombJackPage.self, parses: parses, check: pageCheck)
      guard let page = r.value else { return .failed("HTTP \(r.status)") }
      return .page(page)
    } catch let e as FetchError {
      switch e {
      case .notCached: return .missing
      case .disallowedByRobots: return .robots
      case .failed(_, let reason): return .failed(reason)
      case .truncated, .tooLarge, .foreignRedirect: return .failed(e.description)
      case .rejected(_, let reason, let attempts):
        return .failed("\(reason) (\(Plural.count(attempts, "attempt"))), not kept in the cache")
      case .refused, .notCachedMany, .hostNotAllowed, .robotsUnavailable, .unreachable, .corruptInCache, .timeUp:
        throw e
      }
    }
  }

  /// One HEAD per download. A 404 drops the entry later; a probe that fails for good is warned about
  /// and not recorded (it is asked again next run), so the entry stays without a size. The fetcher
  /// caches every answer, so the results persist between runs and `--no-network` replays them.
  static func probe(_ ctx: BuildContext, _ zips: [String]) async throws -> [String: SizeProbe] {
    let answers = try await ctx.probeSizes(zips.compactMap { URL(string: $0) }, phase: "probe")
    // Each answer's address and size worked out on the cores, then gathered.
    let sized = Array(answers).slicedConcurrentMap { url, r in
      (url.absoluteString, SizeProbe(status: r.status, bytes: r.contentLength))
    }
    return Dictionary(sized, uniquingKeysWith: { first, _ in first })
  }
}
