import CatalogKit
import Foundation

/// One build's lineage: made from the recorder's tags once the products are built, compared with
/// the previous build's for drift, then written beside the report and into the cache.
///
/// Where it goes: `--report R.json` puts every product's rows in `R.lineage.jsonl.gz`; a build of a
/// whole catalogue (not `--only`) that was written or unchanged also keeps its rows in
/// `<cache>/lineage/<catalogue>.jsonl.gz`, the previous one moved to `<catalogue>.previous.jsonl.gz`, so
/// the next build (and the review page) finds last week's evidence where the cache lives.
public struct LineageRun: Sendable {
  var files: [(product: BuildProduct, lineage: LineageFile)]
  var plan: LineagePlan
  var options: BuildOptions

  init?(_ context: BuildContext, products: [BuildProduct]) {
    guard context.options.lineage, let plan = context.tool.lineage else { return nil }
    self.plan = plan
    self.options = context.options
    let cache = context.fetcher.cache
    context.lineage.runDeferred()
    // Each file on a core of its own: once the catalogues' rules are done, which takes less time
    // than this, both cores work out the lineage the rules' verdicts wait on for drift.
    let (options, recorder) = (context.options, context.lineage)
    let made = products.concurrentMap { p in
      let last = p.partial ? nil : LineageRun.readYields(LineageRun.yieldsPath(options, p.file))
      let watched = Set((last?.pages ?? []).map(\.url))
      let lineage = recorder.lineage(file: p.file, rows: p.lineageRows, plan: plan, cache: cache, watched: watched)
      return (product: p, lineage: lineage, last: last, yields: LineageYields(lineage, file: p.file, plan: plan))
    }
    files = made.map { ($0.product, $0.lineage) }
    previous = Dictionary(
      made.compactMap { m in m.last.map { (m.product.file, $0) } }, uniquingKeysWith: { a, _ in a })
    yields = Dictionary(made.map { ($0.product.file, $0.yields) }, uniquingKeysWith: { a, _ in a })
  }

  /// This build's yields per file, counted once for drift and for the cache.
  var yields: [String: LineageYields]

  /// What the cache kept of the last full build of each file, for drift.
  var previous: [String: LineageYields]

  /// `drift/…` findings per catalogue file, against the lineage the cache kept from the last build.
  func drift() -> [String: [Finding]] {
    var out: [String: [Finding]] = [:]
    for (p, lineage) in files where !p.partial {
      guard let previous = previous[p.file] else { continue }
      let found = LineageDrift.compare(
        previous: previous, new: yields[p.file] ?? LineageYields(lineage, file: p.file, plan: plan), plan: plan)
      if !found.isEmpty { out[p.file] = found }
    }
    return out
  }

  /// The files' bytes as they are kept (compressed): the one beside the report, if any, and each
  /// whole catalogue's. Made while the runner validates and writes the catalogues (it needs no
  /// verdict), so on a machine with a second core the lineage costs a build little of its time.
  struct Stored: Sendable {
    var besideReport: [UInt8]?
    var byFile: [String: Kept] = [:]
  }

  /// A catalogue's lineage for the cache: the same lines as the kept file (a warm rebuild, a
  /// second run the same day), or new bytes to write, and whether the kept file was damaged (it does
  /// not inflate: cut or edited on disk), so it is dropped rather than kept as the previous build's.
  enum Kept: Sendable {
    case same
    case new([UInt8], keptIsDamaged: Bool)
  }

  func stored() async throws -> Stored {
    // One task per file, the report's as one more: a walk's seven shelves share the cores at the
    // end of a build, when nothing else is left to run.
    enum Part: Sendable {
      case file(String, Kept)
      case besideReport([UInt8])
    }
    return try await withThrowingTaskGroup(of: Part.self) { group in
      if options.reportFile != nil {
        group.addTask { .besideReport(try LineageFile.merged(files.map(\.lineage)).stored()) }
      }
      for (p, lineage) in files where !p.partial {
        group.addTask { .file(p.file, try kept(lineage, of: p.file)) }
      }
      var out = Stored()
      for try await part in group {
        switch part {
        case .file(let file, let kept): out.byFile[file] = kept
        case .besideReport(let bytes): out.besideReport = bytes
        }
      }
      return out
    }
  }

  /// A file's lines against the cache's kept file: inflating that to compare is a third of the
  /// cost of compressing the lines again, and it checks the whole file (its CRC too).
  private func kept(_ lineage: LineageFile, of file: String) throws -> Kept {
    let lines = lineage.encoded()
    guard let kept = CacheStore.contents(LineageRun.cachePath(options, file).path) else {
      return .new(try LineageFile.compressed(lines), keptIsDamaged: false)
    }
    let inflated = GzipMembers.isGzip(kept) ? GzipMembers.inflateBody(kept, cap: LineageFile.maximumBytes) : nil
    return inflated == lines ? .same : .new(try LineageFile.compressed(lines), keptIsDamaged: inflated == nil)
  }

  /// Writes the lineage: beside the report always, into the cache for what was accepted in full.
  /// Returns a warning for each kept file that was damaged and so replaced.
  func write(_ reports: [ProductReport], _ stored: Stored) throws -> [String] {
    var warnings: [String] = []
    let status = Dictionary(reports.map { ($0.file, $0.status) }, uniquingKeysWith: { a, _ in a })
    if let report = options.reportFile, let bytes = stored.besideReport {
      try AtomicFile.write(bytes, to: LineageRun.besideReport(report).path)
    }
    for (p, lineage) in files where !p.partial && [.written, .unchanged].contains(status[p.file]) {
      guard let kept = stored.byFile[p.file] else { continue }
      let counted = yields[p.file] ?? LineageYields(lineage, file: p.file, plan: plan)
      // The same answers as the kept lineage: nothing to write, and the previous one stays the
      // build before that differed. The kept yields were read for drift already, so they are
      // compared as read, not encoded again.
      guard case .new(let bytes, let damaged) = kept else {
        if previous[p.file] != counted { try writeYields(counted, of: p.file) }
        continue
      }
      let path = LineageRun.cachePath(options, p.file)
      try FileManager.default.createDirectory(
        at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
      let previous = LineageRun.previousPath(options, p.file)
      if damaged {
        warnings.append(
          "\(path.path) did not inflate (cut or edited on disk): replaced with this build's lineage, "
            + "and not kept as the previous build's")
      } else if FileManager.default.fileExists(atPath: path.path) {
        try? FileManager.default.removeItem(at: previous)
        try FileManager.default.moveItem(at: path, to: previous)
      } else if let legacy = LineageRun.legacyLineage(options, p.file) {
        try AtomicFile.write(try legacy.stored(), to: previous.path)
      }
      for name in LineageNames.legacy(p.file) {
        try? FileManager.default.removeItem(at: LineageRun.folder(options.cacheDirectory).appendingPathComponent(name))
      }
      try AtomicFile.write(bytes, to: path.path)
      try writeYields(counted, of: p.file)
    }
    return warnings
  }

  private func writeYields(_ counted: LineageYields, of file: String) throws {
    try AtomicFile.write([UInt8](try MachineJSON.encode(counted)), to: LineageRun.yieldsPath(options, file).path)
  }

  /// `<cache>/lineage/<catalogue>.yields.json`: the last build's pages and their yields, all drift
  /// needs, so a build does not read last week's whole lineage.
  static func yieldsPath(_ o: BuildOptions, _ file: String) -> URL {
    folder(o.cacheDirectory).appendingPathComponent(LineageNames.yields(file))
  }

  static func readYields(_ url: URL) -> LineageYields? {
    CacheStore.contents(url.path).flatMap(LineageYields.decode)
  }

  /// `R.json` → `R.lineage.jsonl.gz` beside it.
  public static func besideReport(_ report: URL) -> URL {
    report.deletingLastPathComponent().appendingPathComponent(LineageNames.besideReport(report.lastPathComponent))
  }

  static func cachePath(_ o: BuildOptions, _ file: String) -> URL {
    folder(o.cacheDirectory).appendingPathComponent(LineageNames.current(file))
  }

  static func previousPath(_ o: BuildOptions, _ file: String) -> URL {
    folder(o.cacheDirectory).appendingPathComponent(LineageNames.previous(file))
  }

  /// The last build's lineage as an older build left it, uncompressed: it becomes the previous
  /// lineage once, so the first review page after the upgrade still has both sides.
  static func legacyLineage(_ o: BuildOptions, _ file: String) -> LineageFile? {
    let url = folder(o.cacheDirectory).appendingPathComponent(LineageNames.legacy(file)[0])
    guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
    return try? LineageFile.decode([UInt8](data))
  }

  /// `<cache>/lineage/`: the cache folder is what a weekly rebuild restores, so last week's
  /// lineage is there when this week's build compares.
  public static func folder(_ cache: URL) -> URL { cache.appendingPathComponent("lineage", isDirectory: true) }

}

extension BuildProduct {
  /// Each row's id and the fields it has, as lineage attributes them.
  var lineageRows: [(id: String, fields: [String])] {
    switch payload {
    case .issue(let c, _): c.issues.map { ($0.id, $0.diffFields.map(\.0)) }
    case .popboks(let c, _): c.issues.map { (String($0.id), $0.diffFields.map(\.0)) }
    case .stripovi(let c, _): c.comics.map { (String($0.id), $0.diffFields.map(\.0)) }
    }
  }
}
