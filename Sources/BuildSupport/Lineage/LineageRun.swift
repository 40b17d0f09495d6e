import CatalogKit
import Foundation

/// One build's lineage: made from the recorder's tags once the products are built, compared with
/// the previous build's for drift, then written beside the report and into the cache.
///
/// Where it goes: `--report R.json` puts every product's rows in `R.lineage.jsonl.xz`; a build of a
/// whole catalogue (not `--only`) that was written or unchanged also keeps its rows in
/// `<cache>/lineage/<catalogue>.jsonl.xz`, the previous one moved to `<catalogue>.previous.jsonl.xz`, so
/// the next build (and the review page) finds last week's evidence where the cache lives.
public struct LineageRun: Sendable {
  var files: [Entry]
  var plan: LineagePlan
  var options: BuildOptions
  var tool: BuildTool
  /// What the run started from (nil when the executable cannot be named).
  var runKey: LineageRunKey?

  /// A catalogue's lineage, or nil where the memo kept with the cache's lineage shows it is that
  /// one (`LineageMemo`), and what it was made from (nil when it cannot be memoised).
  struct Entry: Sendable {
    var product: BuildProduct
    var lineage: LineageFile?
    var inputs: String?
  }

  init?(_ context: BuildContext, products: [BuildProduct], runKey: LineageRunKey? = nil) {
    guard context.options.lineage, let plan = context.tool.lineage else { return nil }
    self.plan = plan
    self.options = context.options
    self.tool = context.tool
    self.runKey = runKey
    // Told in advance that every file's kept lineage is this run's: nothing was recorded, and
    // nothing is worked out or compared (drift would compare the kept yields with themselves).
    // `write` checks the run bore that out.
    if runKey?.expected != nil {
      files = products.map { Entry(product: $0, lineage: nil, inputs: nil) }
      (previous, yields) = ([:], [:])
      return
    }
    let cache = context.fetcher.cache
    context.lineage.runDeferred()
    // Each file on a core of its own: once the catalogues' rules are done, which takes less time
    // than this, both cores work out the lineage the rules' verdicts wait on for drift.
    let (options, recorder) = (context.options, context.lineage)
    // The lineage beside a report is every file's merged, so a run with a report works each out
    // (and still leaves the memo for the next run).
    let (executable, takesMemo) = (LineageMemo.executable, options.reportFile == nil)
    let made = products.concurrentMap { p -> Made in
      let lastBytes = p.partial ? nil : CacheStore.contents(LineageRun.yieldsPath(options, p.file).path)
      let last = lastBytes.flatMap(LineageYields.decode)
      let watched = Set((last?.pages ?? []).map(\.url))
      let rows = p.lineageRows
      let memoised = p.partial ? nil : executable
      func worked(_ lineage: LineageFile, _ inputs: String?) -> Made {
        (Entry(product: p, lineage: lineage, inputs: inputs), last, LineageYields(lineage, file: p.file, plan: plan))
      }
      // The memo is checked only where it may stand: a file whose rows cite an answer fetched in
      // this run (a refresh's) is worked out at once, its inputs hashed from the same lookups.
      guard let e = memoised, takesMemo, let last, !recorder.citesAnswerWritten(rows: rows, file: p.file, cache: cache),
        let memo = LineageMemo.read(LineageMemo.path(options, p.file)),
        let inputs = recorder.inputs(
          file: p.file, rows: rows, plan: plan, cache: cache, watched: watched, executable: e)
      else {
        let both = recorder.lineageAndInputs(
          file: p.file, rows: rows, plan: plan, cache: cache, watched: watched, executable: memoised)
        return worked(both.lineage, both.inputs)
      }
      let kept = CacheStore.contents(LineageRun.cachePath(options, p.file).path)
      guard memo.matches(inputs: inputs, lineage: kept, yields: lastBytes) else {
        return worked(recorder.lineage(file: p.file, rows: rows, plan: plan, cache: cache, watched: watched), inputs)
      }
      return (entry: Entry(product: p, lineage: nil, inputs: inputs), last: last, yields: last)
    }
    files = made.map(\.entry)
    previous = Dictionary(
      made.compactMap { m in m.last.map { (m.entry.product.file, $0) } }, uniquingKeysWith: { a, _ in a })
    yields = Dictionary(made.map { ($0.entry.product.file, $0.yields) }, uniquingKeysWith: { a, _ in a })
  }

  /// A file's entry, the yields the cache kept from the last build, and this build's.
  private typealias Made = (entry: Entry, last: LineageYields?, yields: LineageYields)

  /// The catalogues whose lineage the memo showed to be the kept one, so it was not worked out.
  var memoised: [String] { files.filter { $0.lineage == nil }.map(\.product.file) }

  /// The note for the files whose kept lineage stands, or nil when none does.
  var standing: String? {
    let same = memoised
    guard !same.isEmpty else { return nil }
    if runKey?.expected != nil {
      return "lineage of \(same.joined(separator: ", ")): this build started from the same answers, catalogues "
        + "and options as the last, which changed none of them, by the same tool, so the kept lineage stands "
        + "(nothing was recorded)"
    }
    return "lineage of \(same.joined(separator: ", ")): the same rows and answers as the last build's, "
      + "by the same tool, so the kept lineage stands"
  }

  /// This build's yields per file, counted once for drift and for the cache.
  var yields: [String: LineageYields]

  /// What the cache kept of the last full build of each file, for drift.
  var previous: [String: LineageYields]

  /// `drift/…` findings per catalogue file, against the lineage the cache kept from the last build.
  func drift() -> [String: [Finding]] {
    var out: [String: [Finding]] = [:]
    for e in files where !e.product.partial {
      guard let previous = previous[e.product.file], let new = yields[e.product.file] else { continue }
      let found = LineageDrift.compare(previous: previous, new: new, plan: plan)
      if !found.isEmpty { out[e.product.file] = found }
    }
    return out
  }

  /// The files' bytes as they are kept (compressed): the one beside the report, if any, and each
  /// whole catalogue's. Made while the runner validates and writes the catalogues (it needs no
  /// verdict), so on a machine with a second core the lineage costs a build little of its time.
  struct Stored: Sendable {
    var besideReport: [UInt8]?
    var byFile: [String: Kept] = [:]
    /// Each worked-out file's yields as they are written, where they differ from the kept ones:
    /// encoded here, beside the rules, not after the verdicts on the build's last stretch.
    var yields: [String: [UInt8]] = [:]
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
      case file(String, Kept, yields: [UInt8]?)
      case besideReport([UInt8])
    }
    return try await withThrowingTaskGroup(of: Part.self) { group in
      if options.reportFile != nil {
        // No file is memoised in a run with a report, so every lineage is here.
        group.addTask { .besideReport(try LineageFile.merged(files.compactMap(\.lineage)).stored()) }
      }
      for e in files where !e.product.partial {
        group.addTask {
          let file = e.product.file
          guard let lineage = e.lineage else { return .file(file, .same, yields: nil) }
          let kept = try kept(lineage, of: file)
          // The kept yields stand when the lines are the same and so are the counts.
          guard let counted = self.yields[file] else { return .file(file, kept, yields: nil) }
          if case .same = kept, previous[file] == counted { return .file(file, kept, yields: nil) }
          return .file(file, kept, yields: [UInt8](try MachineJSON.encode(counted)))
        }
      }
      var out = Stored()
      for try await part in group {
        switch part {
        case .file(let file, let kept, let yields):
          out.byFile[file] = kept
          if let yields { out.yields[file] = yields }
        case .besideReport(let bytes): out.besideReport = bytes
        }
      }
      return out
    }
  }

  /// A file's lines against the cache's kept file: inflating that to compare costs a few
  /// milliseconds where compressing the lines again costs tens, and it checks the whole file (its
  /// CRC-64 too). Under this name only xz is whole; anything else was edited or cut.
  private func kept(_ lineage: LineageFile, of file: String) throws -> Kept {
    let lines = lineage.encoded()
    guard let kept = CacheStore.contents(LineageRun.cachePath(options, file).path) else {
      return .new(try LineageFile.compressed(lines), keptIsDamaged: false)
    }
    let inflated = Xz.isXz(kept) ? Xz.decompress(kept, cap: LineageFile.maximumBytes) : nil
    return inflated == lines ? .same : .new(try LineageFile.compressed(lines), keptIsDamaged: inflated == nil)
  }

  /// Writes the lineage: beside the report always, into the cache for what was accepted in full.
  /// Returns a warning for each kept file that was damaged and so replaced.
  func write(_ reports: [ProductReport], _ stored: Stored) throws -> [String] {
    var warnings: [String] = []
    let status = Dictionary(reports.map { ($0.file, $0.status) }, uniquingKeysWith: { a, _ in a })
    // The run changed nothing when every file was built whole and left unchanged, and no answer
    // was written or dropped: the next run from the same start may take every kept lineage as its own.
    let changedNothing = {
      !files.isEmpty && files.allSatisfy { !$0.product.partial && status[$0.product.file] == .unchanged }
        && runKey?.answersUnchanged(options) == true
    }
    if let runKey, let expected = runKey.expected {
      guard changedNothing(), files.map(\.product.file).sorted() == expected else {
        LineageRunKey.forget(options, tool)
        return [
          "the lineage of \(files.map(\.product.file).joined(separator: ", ")) was not worked out: this run "
            + "started from the same answers, catalogues and options as the last, which changed none of them, "
            + "so it recorded none, but it did not end as that one did (it wrote or dropped an answer, or built "
            + "other files or other rows); the kept lineage is the last build's, and the next build works it out"
        ]
      }
      return []
    }
    if let report = options.reportFile, let bytes = stored.besideReport {
      try AtomicFile.write(bytes, to: LineageRun.besideReport(report).path)
    }
    for e in files where !e.product.partial && [.written, .unchanged].contains(status[e.product.file]) {
      let p = e.product
      // A memoised lineage is the kept one, written with its yields and memo: nothing to write.
      guard e.lineage != nil, let kept = stored.byFile[p.file] else { continue }
      // The same answers as the kept lineage: nothing to write, and the previous one stays the
      // build before that differed. The kept yields were read for drift already, so they were
      // compared as read, not encoded again.
      guard case .new(let bytes, let damaged) = kept else {
        try writeYields(stored.yields[p.file], of: p.file)
        try writeMemo(e)
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
      try writeYields(stored.yields[p.file], of: p.file)
      try writeMemo(e)
    }
    // Last, once every memo is in place, naming them as they are on disk.
    if let runKey, runKey.mayExpect, changedNothing() {
      try runKey.keep(options, tool, files: files.map(\.product.file))
    } else {
      LineageRunKey.forget(options, tool)
    }
    return warnings
  }

  /// Nothing to write when `bytes` is nil: the kept yields are this build's.
  private func writeYields(_ bytes: [UInt8]?, of file: String) throws {
    guard let bytes else { return }
    try AtomicFile.write(bytes, to: LineageRun.yieldsPath(options, file).path)
  }

  /// Last, once the lineage and yields are in place, naming both as they are on disk: a build cut
  /// short before leaves a memo that names other files, which the next build does not trust.
  private func writeMemo(_ e: Entry) throws {
    let path = LineageMemo.path(options, e.product.file)
    guard let inputs = e.inputs, let lineage = CacheStore.contents(LineageRun.cachePath(options, e.product.file).path),
      let yields = CacheStore.contents(LineageRun.yieldsPath(options, e.product.file).path)
    else {
      try? FileManager.default.removeItem(at: path)
      return
    }
    try LineageMemo(inputs: inputs, lineage: SHA256.hex(lineage), yields: SHA256.hex(yields)).write(to: path)
  }

  /// `<cache>/lineage/<catalogue>.yields.json`: the last build's pages and their yields, all drift
  /// needs, so a build does not read last week's whole lineage.
  static func yieldsPath(_ o: BuildOptions, _ file: String) -> URL {
    folder(o.cacheDirectory).appendingPathComponent(LineageNames.yields(file))
  }

  /// `R.json` → `R.lineage.jsonl.xz` beside it.
  public static func besideReport(_ report: URL) -> URL {
    report.deletingLastPathComponent().appendingPathComponent(LineageNames.besideReport(report.lastPathComponent))
  }

  static func cachePath(_ o: BuildOptions, _ file: String) -> URL {
    folder(o.cacheDirectory).appendingPathComponent(LineageNames.current(file))
  }

  static func previousPath(_ o: BuildOptions, _ file: String) -> URL {
    folder(o.cacheDirectory).appendingPathComponent(LineageNames.previous(file))
  }

  /// The last build's lineage as an older build left it (gzip, or uncompressed): it becomes the
  /// previous lineage once, so the first review page after the upgrade still has both sides.
  static func legacyLineage(_ o: BuildOptions, _ file: String) -> LineageFile? {
    for name in LineageNames.legacyCurrent(file) {
      guard let bytes = CacheStore.contents(folder(o.cacheDirectory).appendingPathComponent(name).path) else {
        continue
      }
      return try? LineageFile.decode(bytes)
    }
    return nil
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
