import CatalogKit
import Foundation

/// stripovi-build's own defaults, each with its reason.
enum StripoviBuildDefaults {
  /// About one request a second, sequentially: a few hundred requests at most (spec: crawl plan).
  static let delayMS = 1000
  /// Ids are not contiguous (19 and 20 do not exist); ten in a row without a comic is the end.
  static let maxMissing = 10
}

/// One stripovi-build run: walk comic ids through their reader pages, fit each comic's
/// page-address rule, add what the reader page cannot show from the previous catalogue.
struct StripoviCrawl {
  static let file = "stripovi-catalog.json"
  let ctx: BuildContext

  init(_ ctx: BuildContext) { self.ctx = ctx }

  func products() async throws -> [BuildProduct] {
    let o = ctx.options
    var onlyIDs: [Int]? = nil
    if let only = o.only {
      let ids = only.compactMap { Int($0) }.filter { $0 > 0 }
      guard ids.count == only.count else {
        throw UsageError(
          "--only takes comic ids (ComicID numbers such as 6,7), not '\(only.joined(separator: ","))'.",
          tool: ctx.tool.name)
      }
      onlyIDs = ids
    }
    let maxMissing = o[StripoviTool.maxMissing]
    let target = ctx.outputPath(for: Self.file)
    let previous = try previousCatalogue(default: target)
    let carried = Dictionary((previous?.comics ?? []).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })

    var drafts: [StripoviComicDraft] = []
    if let onlyIDs {
      // A partial build reads just the named comics; an id that is not a comic is a warning.
      for (n, id) in onlyIDs.enumerated() {
        ctx.progress.step("comics", done: n + 1, total: onlyIDs.count, detail: "id \(id)")
        if let draft = try await read(comic: id) {
          drafts.append(draft)
        } else {
          ctx.warn("\(StripoviReaderPage.url(comic: id, page: 1)): comic \(id) does not exist")
        }
      }
    }
    var id = 0
    var missingRun = onlyIDs == nil ? 0 : maxMissing
    while missingRun < maxMissing {
      id += 1
      ctx.progress.step("comics", done: id, total: id + maxMissing - missingRun, detail: "id \(id)")
      guard let draft = try await read(comic: id) else {
        missingRun += 1
        continue
      }
      missingRun = 0
      drafts.append(draft)
    }

    var comics: [Comic] = []
    var lines: [String] = []
    for d in drafts {
      guard let comic = d.comic(previous: carried[d.id]) else {
        ctx.warn(
          "\(StripoviReaderPage.url(comic: d.id, page: 1)): no page-address rule reproduces \(d.samples.sorted { $0.key < $1.key }.map(\.value)); left out"
        )
        continue
      }
      if comic.cover.isEmpty || comic.creators.isEmpty || comic.date.isEmpty {
        let what = "comic \(d.id) \"\(comic.title)\" has no cover, creators or date: the reader page does not show them"
        if o[StripoviTool.dropIncomplete] {
          ctx.warn(what + "; left out (--drop-incomplete)")
          continue
        }
        ctx.warn(what + " and no previous catalogue lists the comic")
      }
      comics.append(comic)
      let rule = StripoviPageRule(dir: comic.dir, prefix: comic.prefix, width: comic.width, ext: comic.ext)
      lines.append(
        String(String(repeating: " ", count: max(0, 4 - String(d.id).count)) + String(d.id)) + " "
          + comic.title.padding(toLength: 40, withPad: " ", startingAt: 0)
          + " \(Plural.count(comic.pages, "page"))  \(rule)")
    }
    comics.sort { $0.id < $1.id }
    let catalogue = StripoviCatalogue(generated: o.date, base: StripoviReaderPage.base, comics: comics)
    let floor = o[StripoviTool.minComics] ?? previous?.comics.count ?? 1
    let runs = Set(comics.compactMap(\.series))
    let summary =
      ["index: \(Plural.count(comics.count, "comic"))"] + lines + [
        "runs: \(runs.count) (\(Plural.count(comics.filter { $0.series != nil }.count, "episode"))), standalone: \(comics.filter { $0.series == nil }.count)"
      ]
    return [
      .stripovi(
        catalogue, file: Self.file, rules: StripoviRules.rules(minimumComics: floor),
        partial: onlyIDs != nil, summary: summary)
    ]
  }

  /// The previous catalogue: `--previous`, else the file this build writes, when present. Older
  /// files write `null` for absent values; both decode.
  func previousCatalogue(default target: URL) throws -> StripoviCatalogue? {
    let explicit = ctx.options[StripoviTool.previous]
    let url = explicit ?? target
    guard let data = FileManager.default.contents(atPath: url.path) else {
      if explicit != nil { throw StripoviBuildError.previousUnreadable(path: url.path, reason: "no such file") }
      return nil
    }
    do {
      return try CatalogueFile.decode(StripoviCatalogue.self, from: [UInt8](data), file: url.path)
    } catch {
      throw StripoviBuildError.previousUnreadable(path: url.path, reason: "\(error)")
    }
  }

  /// Reads one comic: its page 1, then the samples that decide the page-address rule. Nil when the
  /// id is not a comic.
  func read(comic id: Int) async throws -> StripoviComicDraft? {
    let first = StripoviReaderPage.url(comic: id, page: 1)
    guard let page1 = try await readerPage(first, referer: first) else { return nil }
    guard let pages = page1.pageCount, let image = page1.image else {
      ctx.warn("\(first): a reader page without \(page1.pageCount == nil ? "a page count" : "a page image"); left out")
      return nil
    }
    guard let heading = page1.heading else {
      ctx.warn("\(first): no <h1> title; left out")
      return nil
    }
    if let u = URL(string: first) { ctx.lineage.tag(String(id), "reader", u) }
    var samples = [1: image]
    for n in StripoviPageRule.samplePages(pages: pages) where n != 1 {
      let url = StripoviReaderPage.url(comic: id, page: n)
      if let p = try await readerPage(url, referer: first), let img = p.image {
        samples[n] = img
        if let u = URL(string: url) { ctx.lineage.tag(String(id), "sample", u) }
      } else {
        ctx.warn("\(url): no page image to confirm the page-address rule with")
      }
    }
    if pages < 10, StripoviPageRule.candidates(page: 1, path: image).count > 1 {
      ctx.note(
        "\(first): \(Plural.count(pages, "page")), so the zero-padding width cannot be confirmed; width 2 is assumed (every page address is the same either way)"
      )
    }
    return StripoviComicDraft(id: id, heading: heading, pages: pages, samples: samples)
  }

  /// A parsed reader page, or nil when the address is not a reader page (404, or the site's front page).
  func readerPage(_ address: String, referer: String) async throws -> StripoviReaderPage? {
    guard let url = URL(string: address) else { throw StripoviBuildError.badURL(address) }
    let r = try await ctx.fetcher.get(url, headers: ["Referer": referer], check: .page(StripoviReaderPage.shape))
    guard r.status == 200 else { return nil }
    let page = try StripoviReaderPage.parse(r.body, url: address)
    return page.isReaderPage ? page : nil
  }
}

enum StripoviBuildError: Error, BuildFailure {
  case previousUnreadable(path: String, reason: String)
  case badURL(String)

  var exitCode: ExitCode {
    switch self {
    case .previousUnreadable: .io
    case .badURL: .software
    }
  }

  var description: String {
    switch self {
    case .previousUnreadable(let path, let reason): "\(path): the previous catalogue could not be read: \(reason)"
    case .badURL(let s): "\(s): not a URL"
    }
  }
}
