import Foundation

/// Catalogue assembly: a pure function of the pages the walk read and the probe answers.
public enum BombJackCatalogueAssembly {
  struct Candidate: Sendable {
    var page: Int
    var entry: BombJackPageEntry
    var zip: String
  }

  /// The downloads that survive the address, publication and repeat filters, in walk order, and
  /// what the filters dropped: worked out once for the probes and for assembly (each working it out
  /// was two thirds of assembly's time in a warm BombJack rebuild).
  public struct Selection: Sendable {
    let candidates: [Candidate]
    let counts: BombJackDropCounts

    /// The files to probe.
    public var targets: [String] { candidates.map(\.zip) }
  }

  public static func select(_ pages: [BombJackPage]) -> Selection {
    var counts = BombJackDropCounts()
    let c = candidates(pages, counts: &counts)
    return Selection(candidates: c, counts: counts)
  }

  /// The files to probe (`select(pages).targets`).
  public static func probeTargets(_ pages: [BombJackPage]) -> [String] { select(pages).targets }

  /// What the address and publication filters make of one page's entries.
  struct PageFilter: Sendable {
    var kept: [Candidate] = []
    var noAddress = 0
    var diskContents = 0
  }

  struct NameAndFolder: Sendable {
    let name: String
    let folder: String
  }

  /// What each kept file's issue takes from its own address and entry alone, worked out on the
  /// cores before the issues are numbered in walk order.
  struct Derived: Sendable {
    let id: String
    let date: BombJackIssueDate
    let cover: String?
    let shelf: BombJackShelf

    init(_ c: Candidate) {
      id = BombJackCatalogueAssembly.id(forZip: c.zip)
      date = BombJackIssueDate.read(c.entry.title)
      cover = c.entry.cover.flatMap(BombJackAddressFilter.cover)
      shelf = BombJackShelf.of(zip: c.zip)
    }
  }

  /// Filters 1–4 of the spec, in order.
  static func candidates(_ pages: [BombJackPage], counts: inout BombJackDropCounts) -> [Candidate] {
    // Each page's entries are filtered on its own (the address and publication filters are pure),
    // so the pages are spread over the cores and their results joined in walk order.
    let filtered = Array(pages.indices).slicedConcurrentMap { index in
      var f = PageFilter()
      for entry in pages[index].entries {
        guard let zip = BombJackAddressFilter.download(entry.file) else {
          f.noAddress += 1
          continue
        }
        guard BombJackAddressFilter.isPublication(zip) else {
          f.diskContents += 1
          continue
        }
        f.kept.append(Candidate(page: index, entry: entry, zip: zip))
      }
      return f
    }
    var out: [Candidate] = []
    for f in filtered {
      counts.noAddress += f.noAddress
      counts.diskContents += f.diskContents
      out += f.kept
    }
    // Deepest path wins: a file whose lowercased name also sits in a folder below its own goes.
    // Each candidate's name key and folder once: a key parses the URL and percent-decodes the name.
    let keys = out.slicedConcurrentMap { NameAndFolder(name: nameKey($0.zip), folder: folder($0.zip)) }
    let names = keys.map(\.name)
    let folders = keys.map(\.folder)
    var byName: [String: [String]] = [:]
    for (name, f) in zip(names, folders) { byName[name, default: []].append(f) }
    var kept: [Candidate] = []
    kept.reserveCapacity(out.count)
    for (n, c) in out.enumerated() {
      let mine = folders[n]
      let deeper = byName[names[n], default: []].contains { $0.count > mine.count && $0.hasPrefix(mine) }
      if deeper {
        counts.repeats += 1
      } else {
        kept.append(c)
      }
    }
    out = kept
    // One file once site-wide: the first page in walk order keeps it.
    var seen: Set<String> = []
    out = out.filter { c in
      let first = seen.insert(c.zip).inserted
      if !first { counts.repeats += 1 }
      return first
    }
    return out
  }

  /// How many pages of the walk use each short name: every page that yielded archive links at all
  /// counts, and a folder some page linked without its trailing slash counts twice.
  ///
  /// The shipped shelves were built by a walk that fetched `/commodore/geos` and `/commodore/geos/`
  /// as two pages (the server redirects the first to the second: the same listing, the same title
  /// and path segments, so the same short name), and both counted, which put the platform in front
  /// of the name (`commodore-geos`). Counting the folder twice gives exactly those names without
  /// the second request: the extra page only ever adds to this count, since its files are the
  /// folder's own (taken by whichever spelling came first in the walk, which is where the folder
  /// sits in ours) and the name depends on no other property of it.
  public static func shortNameUses(_ pages: [BombJackPage]) -> [String: Int] {
    let slashless = Set(pages.flatMap { $0.slashlessFolders.map(\.absoluteString) })
    var uses: [String: Int] = [:]
    for page in pages where !page.entries.isEmpty {
      uses[BombJackRunName.shortName(title: page.title, url: page.url), default: 0] +=
        slashless.contains(page.url.absoluteString) ? 2 : 1
    }
    return uses
  }

  /// Host plus lowercased file name: the identity "the same file name" compares.
  static func nameKey(_ zip: String) -> String {
    let lower = zip.lowercased()
    guard let slash = ASCIIText.lastIndex(of: "/", in: lower) else { return lower }
    let host = PlainURL(text: zip)?.host ?? URL(string: zip)?.host(percentEncoded: true)?.lowercased() ?? ""
    return host + "|" + (ASCIIText.removingPercentEncoding(String(lower[lower.index(after: slash)...])) ?? "")
  }

  /// The folder part of a download address, lowercased, ending in `/`.
  static func folder(_ zip: String) -> String {
    let lower = zip.lowercased()
    guard let slash = ASCIIText.lastIndex(of: "/", in: lower) else { return lower }
    return String(lower[...slash])
  }

  /// The issue id: the path without its extension, percent-decoded, slashes trimmed, `/` as `_`.
  public static func id(forZip zip: String) -> String {
    // A plain address (every download the filter keeps) is taken apart on its text.
    guard var path = PlainURL(text: zip)?.path ?? URL(string: zip)?.path(percentEncoded: true) else { return zip }
    if let slash = path.lastIndex(of: "/"), let dot = path.lastIndex(of: "."), dot > slash {
      path = String(path[..<dot])
    }
    let decoded = ASCIIText.removingPercentEncoding(path) ?? path
    guard ASCIIText.isASCII(decoded) else {
      return decoded.trimmingCharacters(in: CharacterSet(charactersIn: "/")).replacingOccurrences(of: "/", with: "_")
    }
    // The same on bytes: on ASCII there are no composed characters for Foundation to see.
    var bytes = Array(decoded.utf8)[...]
    while bytes.first == 0x2F { bytes.removeFirst() }
    while bytes.last == 0x2F { bytes.removeLast() }
    return String(decoding: bytes.map { $0 == 0x2F ? 0x5F : $0 }, as: UTF8.self)
  }

  /// Builds the shelves. `probes` maps download addresses to their HEAD answers; a file with no
  /// answer (probing off) is kept without a size. `generated` is the build date.
  public static func assemble(
    _ pages: [BombJackPage], probes: [String: SizeProbe], generated: String
  ) -> BombJackShelfBuild {
    assemble(pages, selection: select(pages), probes: probes, generated: generated)
  }

  /// `assemble` from the selection `select(pages)` made.
  public static func assemble(
    _ pages: [BombJackPage], selection: Selection, probes: [String: SizeProbe], generated: String
  ) -> BombJackShelfBuild {
    var counts = selection.counts
    let kept = selection.candidates.filter { c in
      let gone = probes[c.zip]?.isGone ?? false
      if gone { counts.gone += 1 }
      return !gone
    }

    let uses = shortNameUses(pages)
    var runPages: [Int] = []
    for c in kept where runPages.last != c.page { runPages.append(c.page) }
    let runs = BombJackRunName.assign(
      runPages.map { BombJackRunName.Page(url: pages[$0].url, title: pages[$0].title) }, shortNameUses: uses,
      reserved: [BombJackJoystik.run])
    var runOfPage: [Int: BombJackRun] = [:]
    for (page, run) in zip(runPages, runs) { runOfPage[page] = run }

    var ids: Set<String> = Set(BombJackJoystik.issues.map(\.id))
    var issuesByShelf: [BombJackShelf: [Issue]] = [:]
    var pagesByShelf: [BombJackShelf: [Int?]] = [:]
    var numberInPage: [Int: Int] = [:]
    var perRunCount: [Int: Int] = [:]
    let derived = kept.slicedConcurrentMap(Derived.init)
    for (c, d) in zip(kept, derived) {
      guard let run = runOfPage[c.page] else { continue }
      let number = numberInPage[c.page, default: 0] + 1
      numberInPage[c.page] = number
      perRunCount[c.page, default: 0] += 1
      var id = d.id
      if ids.contains(id) {
        var n = 2
        while ids.contains("\(id)-\(n)") { n += 1 }
        id = "\(id)-\(n)"
      }
      ids.insert(id)
      let probe = probes[c.zip]
      let issue = Issue(
        id: id, series: run.key, number: number, title: c.entry.title, year: d.date.year, month: d.date.month,
        zip: c.zip, cover: d.cover, bytes: probe?.status == 200 ? probe?.bytes : nil, pages: c.entry.pages)
      let shelf = d.shelf
      issuesByShelf[shelf, default: []].append(issue)
      pagesByShelf[shelf, default: []].append(c.page)
    }
    for issue in BombJackJoystik.issues {
      let shelf = BombJackShelf.of(zip: issue.zip)
      issuesByShelf[shelf, default: []].append(issue)
      pagesByShelf[shelf, default: []].append(nil)
    }

    var allRuns = runs
    allRuns.append(BombJackJoystik.run)
    let runByKey = Dictionary(allRuns.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    var catalogues: [BombJackShelf: IssueCatalogue] = [:]
    var sourcePages: [BombJackShelf: [Int?]] = [:]
    for (shelf, issues) in issuesByShelf where !issues.isEmpty {
      sourcePages[shelf] = pagesByShelf[shelf]
      let keys = Set(issues.map(\.series)).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      let series = keys.compactMap { runByKey[$0]?.series }
      catalogues[shelf] = IssueCatalogue(generated: generated, base: "", series: series, issues: issues)
    }
    let consoleRuns = zip(runPages, runs).map { page, run in
      (run: run, title: pages[page].title, count: perRunCount[page, default: 0])
    }
    return BombJackShelfBuild(
      catalogues: catalogues, dropped: counts, pagesRead: pages.count,
      pagesWithArchives: pages.filter { !$0.entries.isEmpty }.count, runs: consoleRuns, sourcePages: sourcePages)
  }
}
