import BuildSupport
import CatalogKit

/// `catalog validate FILE…`: the shared rules on any catalogue files.
enum ValidateCommand: Subcommand {
  static let name = "validate"
  static let abstract = "Run the shared validation rules on catalogue files."
  static let usage = "validate <file> ... [--numbering <rule>] [--strict] [--json]"
  static let arguments = [("<file>", "A catalogue file of any shape (issue, PopBoks, Stripovi).")]
  static let numbering: Option<SharedRules.Numbering?> = .oneOf(
    "--numbering", value: "<rule>", [("strict", .strict), ("gaps", .gapsAllowed)],
    help: "How issue series must be numbered: strict (1…n) or gaps.",
    defaultText: "gaps for bombjack-* files, else strict")
  static let strict = CommonOption.strict
  static let json = CommonOption.json("Print the findings as JSON instead of text.")
  static let options: [any OptionDeclaring] = [numbering, strict, json]

  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    guard !args.positionals.isEmpty else { return usageError("name at least one catalogue file.", console) }
    let numbering = args[Self.numbering]
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
      let member = CatalogueSet.Member(file: lastComponent(path), catalogue: c, sources: console.catalogues)
      let report = member.validate(numbering: numbering)
      table.append([path, c.shape.displayName, "\(c.recordCount)", FindingsText.verdict(report.findings)])
      entries.append(.init(file: path, shape: c.shape.rawValue, records: c.recordCount, findings: report.findings))
      if !report.findings.isEmpty {
        details += ["", path] + FindingsText.lines(report.findings)
      }
      if report.hasErrors || (args[strict] && !report.warnings.isEmpty) { worst = max(worst, .invalid) }
    }
    if args[json] {
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
