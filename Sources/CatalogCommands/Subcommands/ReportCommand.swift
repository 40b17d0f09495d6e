import BuildSupport
import CatalogKit
import Foundation

/// `catalog report BUILD-REPORT`: the review page of one rebuild, from `catalog build --report`'s
/// JSON, the shipped catalogues it is compared with, and the rebuild history.
enum ReportCommand: Subcommand {
  static let name = "report"
  static let abstract = "Write the HTML review page of a rebuild from its catalog build report."
  static let usage =
    "report <build-report> [--baseline <dir>] [--new <dir>] [--history <file>] [--lineage <dir>] [--output <file>]"
  static let arguments: [(String, String)] = [
    ("<build-report>", "The JSON file catalog build --report wrote.")
  ]
  static let baseline = Option.place(
    "--baseline", value: "<dir>", help: "The shipped catalogues the rebuild is compared with.", default: "catalogs")
  static let new = Option.text(
    "--new", value: "<dir>", help: "The rebuilt catalogues.", defaultText: "the folder the build report names",
    kind: .path)
  static let history = Option.place(
    "--history", value: "<file>", help: "The rebuild history for the charts.", default: RebuildHistory.defaultPath)
  static let output = Option.text(
    "--output", value: "<file>", help: "Where the page goes.", defaultText: "review.html beside the build report",
    kind: .path)
  static let lineage = Option.text(
    "--lineage", value: "<dir>",
    help: "The previous and new lineage of each catalogue, for each changed row's evidence.",
    defaultText: "lineage beside the build report", kind: .path)
  static let options: [any OptionDeclaring] = [baseline, new, history, lineage, output]

  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    guard args.positionals.count == 1 else {
      return usageError(
        args.positionals.isEmpty
          ? "name the build report (catalog build --report FILE wrote it)."
          : "give one build report, not \(args.positionals.count).", console)
    }
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    func path(_ s: String) -> URL { URL(fileURLWithPath: s, relativeTo: cwd).standardizedFileURL }
    let reportFile = path(args.positionals[0])
    let report: RebuildReport
    do {
      report = try RebuildReport.read(reportFile)
    } catch {
      console.error("error: \(error)")
      return error.isMissing ? .io : .invalid
    }
    let baselineName = args[Self.baseline]
    let baseline = path(baselineName)
    let new = args[Self.new].map(path) ?? URL(fileURLWithPath: report.out)
    let historyFile = path(args[Self.history])
    let output =
      args[Self.output].map(path)
      ?? reportFile.deletingLastPathComponent().appendingPathComponent(
        "review.html")

    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: baseline.path, isDirectory: &isDir), isDir.boolValue else {
      console.error(
        "error: \(baseline.path): no such folder; \(Self.baseline.name) names the shipped catalogues (\(Self.baseline.declaration.defaultValue ?? ""))"
      )
      return .io
    }
    let diffs = report.files.map { compare($0.file, baseline: baseline, new: new, sources: console.catalogues) }
    let entries = charted(historyFile, ending: report, console)
    let pageFolder = output.deletingLastPathComponent()
    let reportFolder = reportFile.deletingLastPathComponent()
    let lineageFolder = args[Self.lineage].map(path) ?? reportFolder.appendingPathComponent("lineage")
    var evidence = ReviewEvidence.read(
      lineageFolder, files: report.files.map(\.file), shownAs: args[Self.lineage] ?? lineageFolder.path)
    evidence.newFolder = args[Self.new] ?? report.out
    let page = ReviewPage(
      report: report, diffs: diffs, history: entries, baselineName: baselineName,
      reportHref: { recorded in
        let target =
          recorded.hasPrefix("/")
          ? URL(fileURLWithPath: recorded) : reportFolder.appendingPathComponent(recorded)
        return ReviewPage.relativeHref(from: pageFolder, to: target)
      },
      evidence: evidence
    ).render()
    do {
      try FolderMaker.create(output.deletingLastPathComponent())
      try AtomicFile.write(Array(page.utf8), to: output.path)
    } catch {
      console.error("error: \(error); the review page was not written")
      return .io
    }
    console.out(summary(output, report, diffs, entries, baselineName: baselineName))
    return .ok
  }

  /// The rebuild history for the charts; lines that cannot be read are left out with a warning.
  /// The history may not have this rebuild yet (`--no-history`): the charts still end with it.
  static func charted(_ file: URL, ending report: RebuildReport, _ console: Console) -> [RebuildHistory.Entry] {
    let (history, bad) = RebuildHistory.read(file)
    if !bad.isEmpty {
      console.error(
        "warning: \(file.path): \(RebuildHistory.describe(bad)) could not be read and \(Plural.verb(bad.count, "is", "are")) left out of the charts"
      )
    }
    var entries = history
    if !entries.contains(where: { $0.run == report.started }) { entries += RebuildHistory.entries(report) }
    return entries
  }

  /// The one line saying where the page is and what it shows.
  static func summary(
    _ output: URL, _ report: RebuildReport, _ diffs: [ReviewPage.FileDiff], _ entries: [RebuildHistory.Entry],
    baselineName: String
  ) -> String {
    let added = diffs.compactMap(\.diff).reduce(0) { $0 + $1.counts.added }
    let removed = diffs.compactMap(\.diff).reduce(0) { $0 + $1.counts.removed }
    let changed = diffs.compactMap(\.diff).reduce(0) { $0 + $1.counts.changed }
    let runs = Set(entries.map(\.run)).count
    return
      "\(output.path): \(Plural.count(report.files.count, "catalogue")), \(added) added, \(removed) removed, \(changed) changed against \(baselineName); \(Plural.count(report.findings.count, "finding")); \(Plural.count(runs, "rebuild")) charted"
  }

  /// One file of the rebuild against the shipped file of the same name, `generated` ignored; the
  /// app's site id (from the file's name) turns on the identity check, as `catalog diff` does.
  static func compare(_ file: String, baseline: URL, new: URL, sources: CatalogueSources) -> ReviewPage.FileDiff {
    let oldURL = baseline.appendingPathComponent(file)
    let newURL = new.appendingPathComponent(file)
    let fm = FileManager.default
    switch (fm.fileExists(atPath: oldURL.path), fm.fileExists(atPath: newURL.path)) {
    case (false, false): return .init(file: file, diff: nil, note: "in neither folder")
    case (false, true): return .init(file: file, diff: nil, note: "new: not in the shipped folder")
    case (true, false): return .init(file: file, diff: nil, note: "not rebuilt: only in the shipped folder")
    case (true, true): break
    }
    let old: AnyCatalogue
    let now: AnyCatalogue
    do {
      old = try CatalogueFile.decode([UInt8](try Data(contentsOf: oldURL)), file: oldURL.path)
      now = try CatalogueFile.decode([UInt8](try Data(contentsOf: newURL)), file: newURL.path)
    } catch {
      return .init(file: file, diff: nil, note: "unreadable: \(error)")
    }
    do {
      return .init(
        file: file,
        diff: try CatalogueDiff.compare(
          old, now, options: .init(ignoring: ["generated"], site: sources.entry(forFile: file)?.site)),
        note: nil)
    } catch {
      return .init(file: file, diff: nil, note: error.description)
    }
  }
}

extension RebuildReport.ReadError {
  var isMissing: Bool {
    if case .unreadable = self { return true }
    return false
  }
}
