import BuildSupport
import CatalogKit

/// `catalog check DIR`: every catalogue in a folder, then the rules across them.
enum CheckCommand: Subcommand {
  static let name = "check"
  static let abstract = "Check every catalogue in a folder and the rules across them."
  static let usage = "check <folder> [--expect <set>] [--json]"
  static let arguments = [("<folder>", "A folder of catalogue files (*.json, not searched recursively).")]
  static let options = [
    (
      "--expect <set>",
      "Which catalogues must be present: all (the 18 the app ships) or present (only those found). (default: all)"
    ),
    ("--json", "Print the findings as JSON instead of text."),
  ]
  static let valueOptions: Set<String> = ["--expect"]
  static let flags: Set<String> = ["--json"]

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
    for path in paths {
      do {
        members.append(CatalogueSet.Member(file: lastComponent(path), catalogue: try CatalogueReader.read(path)))
      } catch {
        console.error("error: \(error)")
        unreadable.append((lastComponent(path), error.description))
        worst = max(worst, error.exitCode)
      }
    }
    let set = CatalogueSet(members)
    let reports = set.reports()
    let cross = set.crossFindings(expect: expectation)

    let failing = reports.filter { $0.report.hasErrors }.count
    let crossErrors = cross.count { $0.severity == .error }
    if failing > 0 || crossErrors > 0 { worst = max(worst, .invalid) }
    if args.flag("--json") {
      let entries =
        zip(members, reports).map {
          ReportDocument.FileEntry(
            file: $0.file, shape: $0.catalogue.shape.rawValue, records: $0.catalogue.recordCount,
            findings: $1.report.findings)
        } + unreadable.map { ReportDocument.FileEntry(file: $0.file, findings: [], error: $0.error) }
      console.out(ReportDocument(files: entries, folder: cross).json())
      return worst
    }
    var out: [String] = []
    out.append(
      "\(members.count) catalogue\(members.count == 1 ? "" : "s") in \(folder): \(members.count - failing) pass, \(failing) fail"
        + (unreadable.isEmpty ? "" : ", \(unreadable.count) unreadable")
        + "; folder rules: \(FindingsText.verdict(cross))")
    if !members.isEmpty || !unreadable.isEmpty {
      var table = TextTable(header: ["file", "shape", "records", "result"], leftAligned: [0, 1, 3])
      for (m, r) in zip(members, reports) {
        table.append([
          m.file, m.catalogue.shape.displayName, "\(m.catalogue.recordCount)", FindingsText.verdict(r.report.findings),
        ])
      }
      for u in unreadable { table.append([u.file, "-", "-", "not a catalogue"]) }
      out += ["", table.render()]
    }
    if !cross.isEmpty { out += ["", "folder"] + FindingsText.lines(cross) }
    for r in reports where !r.report.findings.isEmpty {
      out += ["", r.file] + FindingsText.lines(r.report.findings)
    }
    console.out(out.joined(separator: "\n"))
    return worst
  }
}
