import BuildSupport
import CatalogKit

/// `catalog validate FILE…`: the shared rules on any catalogue files.
enum ValidateCommand: Subcommand {
  static let name = "validate"
  static let abstract = "Run the shared validation rules on catalogue files."
  static let usage = "validate <file> ... [--numbering <rule>] [--strict] [--json]"
  static let arguments = [("<file>", "A catalogue file of any shape (issue, PopBoks, Stripovi).")]
  static let options = [
    (
      "--numbering <rule>",
      "How issue series must be numbered: strict (1…n) or gaps. (default: gaps for bombjack-* files, else strict)"
    ),
    ("--strict", "Fail (exit 65) on warnings too, not only on errors."),
    ("--json", "Print the findings as JSON instead of text."),
  ]
  static let valueOptions: Set<String> = ["--numbering"]
  static let flags: Set<String> = ["--json", "--strict"]

  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    guard !args.positionals.isEmpty else { return usageError("name at least one catalogue file.", console) }
    var numbering: SharedRules.Numbering? = nil
    if let n = args.value("--numbering") {
      switch n {
      case "strict": numbering = .strict
      case "gaps", "gapsAllowed": numbering = .gapsAllowed
      default: return usageError("--numbering takes strict or gaps, not '\(n)'.", console)
      }
    }
    var worst = ExitCode.ok
    var table = TextTable(header: ["file", "shape", "records", "result"], leftAligned: [0, 1, 3])
    var details: [String] = []
    var entries: [ReportDocument.FileEntry] = []
    for path in args.positionals {
      let c: AnyCatalogue
      do {
        c = try CatalogueReader.read(path)
      } catch {
        console.error("error: \(error)")
        table.append([path, "-", "-", error.exitCode == .io ? "unreadable" : "not a catalogue"])
        entries.append(.init(file: path, findings: [], error: error.description))
        worst = max(worst, error.exitCode)
        continue
      }
      let member = CatalogueSet.Member(file: lastComponent(path), catalogue: c, sources: Sources.catalogues)
      let report = member.validate(numbering: numbering)
      table.append([path, c.shape.displayName, "\(c.recordCount)", FindingsText.verdict(report.findings)])
      entries.append(.init(file: path, shape: c.shape.rawValue, records: c.recordCount, findings: report.findings))
      if !report.findings.isEmpty {
        details += ["", path] + FindingsText.lines(report.findings)
      }
      if report.hasErrors || (args.flag("--strict") && !report.warnings.isEmpty) { worst = max(worst, .invalid) }
    }
    if args.flag("--json") {
      console.out(ReportDocument(files: entries, folder: nil).json())
      return worst
    }
    console.out(table.render())
    if !details.isEmpty { console.out(details.joined(separator: "\n")) }
    return worst
  }
}

/// The file name of a path, as the catalogue list knows files.
func lastComponent(_ path: String) -> String {
  path.split(separator: "/").last.map(String.init) ?? path
}
