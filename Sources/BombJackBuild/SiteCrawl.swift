import BuildSupport
import CatalogKit
import Foundation

/// The breadth-first walk and the size probes: all the BombJack build's network work.
enum SiteCrawl {
  /// Pages fetched and parsed at once; the fetcher's per-host gate still paces the requests.
  static let batchSize = 32

  static func walk(_ ctx: BuildContext, start: [URL], scoped: Bool, maxPages: Int) async throws -> CrawlResult {
    var frontier = SiteWalk(start: start, maxPages: maxPages, scoped: scoped)
    var pages: [BombJackPage] = []
    var failed: [FailedPage] = []
    var missing: [URL] = []
    var firstBatch = true
    while true {
      let batch = frontier.next(batchSize)
      if batch.isEmpty { break }
      let results = try await readAll(batch, fetcher: ctx.fetcher)
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
  static func readAll(_ urls: [URL], fetcher: Fetcher) async throws -> [PageOutcome] {
    try await withThrowingTaskGroup(of: (Int, PageOutcome).self) { group in
      for (i, url) in urls.enumerated() {
        group.addTask { (i, try await read(url, fetcher: fetcher)) }
      }
      var out = [PageOutcome](repeating: .missing, count: urls.count)
      for try await (i, r) in group { out[i] = r }
      return out
    }
  }

  static func read(_ url: URL, fetcher: Fetcher) async throws -> PageOutcome {
    do {
      let r = try await fetcher.get(url)
      guard r.status == 200 else { return .failed("HTTP \(r.status)") }
      return .page(BombJackPage.read(r.body, url: url))
    } catch let e as FetchError {
      switch e {
      case .notCached: return .missing
      case .disallowedByRobots: return .robots
      case .failed(_, let reason): return .failed(reason)
      case .truncated, .tooLarge, .foreignRedirect: return .failed(e.description)
      case .refused, .notCachedMany, .hostNotAllowed: throw e
      }
    }
  }

  /// One HEAD per download. A 404 drops the entry later; a transport failure is not recorded (it is
  /// retried next run) and the entry stays without a size. The fetcher caches every answer, so the
  /// results persist between runs and `--no-network` replays them.
  static func probe(_ ctx: BuildContext, _ zips: [String]) async throws -> [String: SizeProbe] {
    var probes: [String: SizeProbe] = [:]
    var missing: [URL] = []
    var done = 0
    let urls = zips.compactMap { URL(string: $0) }
    var index = 0
    while index < urls.count {
      let batch = Array(urls[index..<min(index + batchSize * 4, urls.count)])
      index += batch.count
      let answers = try await withThrowingTaskGroup(of: (URL, Result<SizeProbe, FetchError>).self) { group in
        for url in batch {
          group.addTask {
            do {
              let r = try await ctx.fetcher.head(url)
              return (url, .success(SizeProbe(status: r.status, bytes: r.contentLength)))
            } catch let e as FetchError {
              switch e {
              case .refused, .hostNotAllowed: throw e
              default: return (url, .failure(e))
              }
            }
          }
        }
        var out: [(URL, Result<SizeProbe, FetchError>)] = []
        for try await a in group { out.append(a) }
        return out
      }
      for (url, answer) in answers {
        switch answer {
        case .success(let p): probes[url.absoluteString] = p
        case .failure(.notCached): missing.append(url)
        case .failure(let e): ctx.warn("\(e.description); size unknown, kept without bytes")
        }
      }
      done += batch.count
      ctx.progress.step("probe", done: done, total: urls.count)
    }
    if !missing.isEmpty {
      let order = Dictionary(urls.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
      throw FetchError.notCachedMany(missing.sorted { order[$0, default: 0] < order[$1, default: 0] })
    }
    return probes
  }
}
