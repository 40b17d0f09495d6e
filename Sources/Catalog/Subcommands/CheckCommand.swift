import BuildSupport
import CatalogKit

/// `catalog check DIR`: every catalogue in a folder, then the rules across them, and what the folder
/// costs the app at launch.
enum CheckCommand: Subcommand {
  static let name = "check"
  static let abstract = "Check every catalogue in a folder and the rules across them."
  static let usage = "check <folder> [--expect <set>] [--strict] [--json]"
  static let arguments = [("<folder>", "A folder of catalogue files (*.json, not searched recursively).")]
  static let options = [
    (
      "--expect <set>",
      "Which catalogues must be present: all (the 18 the app ships) or present (only those found). (default: all)"
    ),
    ("--strict", "Fail (exit 65) on warnings too, not only on errors."),
    ("--json", "Print the findings as JSON instead of text."),
  ]
  static let valueOptions: Set<String> = ["--expect"]
  static let flags: Set<String> = ["--json", "--strict"]

  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    guard args.positionals.count == 1, let folder = args.positionals.first else {
      return usageError("name exactly one folder, not \(args.positionals.count) arguments.", console)
    }
    let expectation: CatalogueSet.Expectation
    switch args.value("--expect") ?? "all" {
    case "all": expectation = .all
    case "present": expectation = .present
    case let other: return usageError("--expect takes all or present, not '\(other)'.", console)
    }
    let paths: [String]
    do {
      paths = try CatalogueReader.catalogueFiles(in: folder)
    } catch {
      console.error("error: \(error)")
      return error.exitCode
    }
    var worst = ExitCode.ok
    var members: [CatalogueSet.Member] = []
    var unreadable: [(file: String, error: String)] = []
    // Read on every core (decoding is most of a check's time), reported in file order.
    let read = paths.concurrentMap { path in
      Result { () throws(CatalogueReader.Failure) in try CatalogueReader.read(path) }
    }
    for (path, result) in zip(paths, read) {
      do {
        members.append(
          CatalogueSet.Member(
            file: lastComponent(path), catalogue: try result.get(), sources: Sources.catalogues))
      } catch {
        console.error("error: \(error)")
        unreadable.append((lastComponent(path), error.description))
        worst = max(worst, error.exitCode)
      }
    }
    let set = CatalogueSet(members, sources: Sources.catalogues)
    let reports = set.reports()
    let cross = set.crossFindings(expect: expectation)

    let failing = reports.filter { $0.report.hasErrors }.count
    let crossErrors = cross.count { $0.severity == .error }
    if failing > 0 || crossErrors > 0 { worst = max(worst, .invalid) }
    let warnings = reports.reduce(0) { $0 + $1.report.warnings.count } + cross.count { $0.severity == .warning }
    let strictFailure = args.flag("--strict") && warnings > 0
    if strictFailure { worst = max(worst, .invalid) }
    let rows = members.reduce(0) { $0 + $1.catalogue.recordCount }

    if args.flag("--json") {
      let entries =
        zip(members, reports).map {
          ReportDocument.FileEntry(
            file: $0.file, shape: $0.catalogue.shape.rawValue, records: $0.catalogue.recordCount,
            seedingSeconds: RowBudget.seedingSeconds($0.catalogue.recordCount), findings: $1.report.findings)
        } + unreadable.map { ReportDocument.FileEntry(file: $0.file, findings: [], error: $0.error) }
      var doc = ReportDocument(files: entries, folder: cross)
      doc.seeding = .init(rows: rows)
      doc.strict = args.flag("--strict")
      console.out(doc.json())
      return worst
    }
    var out: [String] = []
    out.append(
      "\(Plural.count(members.count, "catalogue")) in \(folder): \(members.count - failing) pass, \(failing) fail"
        + (unreadable.isEmpty ? "" : ", \(unreadable.count) unreadable")
        + "; folder rules: \(FindingsText.verdict(cross))")
    if !members.isEmpty || !unreadable.isEmpty {
      var table = TextTable(header: ["file", "shape", "records", "seeding", "result"], leftAligned: [0, 1, 4])
      for (m, r) in zip(members, reports) {
        table.append([
          m.file, m.catalogue.shape.displayName, "\(m.catalogue.recordCount)",
          RowBudget.seedingText(m.catalogue.recordCount), FindingsText.verdict(r.report.findings),
        ])
      }
      for u in unreadable { table.append([u.file, "-", "-", "-", "not a catalogue"]) }
      if members.count > 1 {
        table.append(["total (\(Plural.count(members.count, "file")))", "", "\(rows)", RowBudget.seedingText(rows), ""])
      }
      out += ["", table.render()]
      out.append(
        "seeding: the app seeds about \(RowBudget.rowsPerSecond) rows a second and is killed at about 15 s of launch; "
          + "a file above \(RowBudget.warnAbove) rows is a warning, above \(RowBudget.errorAbove) an error")
    }
    if !cross.isEmpty { out += ["", "folder"] + FindingsText.lines(cross) }
    for r in reports where !r.report.findings.isEmpty {
      out += ["", r.file] + FindingsText.lines(r.report.findings)
    }
    if strictFailure {
      out += ["", "--strict: \(Plural.count(warnings, "warning")) \(warnings == 1 ? "fails" : "fail") the check"]
    }
    console.out(out.joined(separator: "\n"))
    return worst
  }
}
