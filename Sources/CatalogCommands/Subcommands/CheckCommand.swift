import BuildSupport
import CatalogKit

/// `catalog check DIR`: every catalogue in a folder, then the rules across them, and what the folder
/// costs the app at launch.
enum CheckCommand: Subcommand {
  static let name = "check"
  static let abstract = "Check every catalogue in a folder and the rules across them."
  static let usage = "check <folder> [--expect <set>] [--strict] [--json]"
  static let arguments = [("<folder>", "A folder of catalogue files (*.json, not searched recursively).")]
  static let expect: Option<CatalogueSet.Expectation> = .oneOf(
    "--expect", value: "<set>", default: ("all", .all), or: [("present", .present)],
    help: "Which catalogues must be present: all (the 18 the app ships) or present (only those found).")
  static let strict = CommonOption.strict
  static let json = CommonOption.json("Print the findings as JSON instead of text.")
  static let options: [any OptionDeclaring] = [expect, strict, json]

  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    guard args.positionals.count == 1, let folder = args.positionals.first else {
      return usageError("name exactly one folder, not \(args.positionals.count) arguments.", console)
    }
    let paths: [String]
    do {
      paths = try CatalogueReader.catalogueFiles(in: folder)
    } catch {
      console.error("error: \(error)")
      return error.exitCode
    }
    let found = Outcome(read(paths, console), expect: args[expect], strict: args[strict], sources: console.catalogues)
    console.out(args[json] ? found.document().json() : found.text(folder))
    return found.exitCode
  }

  /// A folder's catalogues as read, and the files that could not be.
  struct Folder {
    var members: [CatalogueSet.Member] = []
    var unreadable: [(file: String, error: String, code: ExitCode)] = []
  }

  /// Reads every file on every core (decoding is most of a check's time); each file that cannot be
  /// read is named on stderr, in file order.
  static func read(_ paths: [String], _ console: Console) -> Folder {
    var folder = Folder()
    let read = paths.concurrentMap { path in
      Result { () throws(CatalogueReader.Failure) in try CatalogueReader.read(path) }
    }
    for (path, result) in zip(paths, read) {
      do {
        folder.members.append(
          CatalogueSet.Member(file: lastComponent(path), catalogue: try result.get(), sources: console.catalogues))
      } catch {
        console.error("error: \(error)")
        folder.unreadable.append((lastComponent(path), error.description, error.exitCode))
      }
    }
    return folder
  }

  /// The rules run on a folder: each file's, then those across them.
  struct Outcome {
    var folder: Folder
    var reports: [(file: String, report: ValidationReport)]
    var cross: [Finding]
    var strict: Bool

    init(_ folder: Folder, expect: CatalogueSet.Expectation, strict: Bool, sources: CatalogueSources) {
      let set = CatalogueSet(folder.members, sources: sources)
      self.folder = folder
      (reports, cross) = set.check(expect: expect)
      self.strict = strict
    }

    var failing: Int { reports.filter { $0.report.hasErrors }.count }
    var warnings: Int {
      reports.reduce(0) { $0 + $1.report.warnings.count } + cross.count { $0.severity == .warning }
    }
    var rows: Int { folder.members.reduce(0) { $0 + $1.catalogue.recordCount } }
    var strictFailure: Bool { strict && warnings > 0 }

    /// The worst of an unreadable file's code and 65 for a rule broken (or, strict, a warning).
    var exitCode: ExitCode {
      var worst = folder.unreadable.map(\.code).max() ?? .ok
      if failing > 0 || cross.contains(where: { $0.severity == .error }) || strictFailure {
        worst = max(worst, .invalid)
      }
      return worst
    }

    func document() -> ReportDocument {
      let entries =
        zip(folder.members, reports).map {
          ReportDocument.FileEntry(
            file: $0.file, shape: $0.catalogue.shape.rawValue, records: $0.catalogue.recordCount,
            seedingSeconds: RowBudget.seedingSeconds($0.catalogue.recordCount), findings: $1.report.findings)
        } + folder.unreadable.map { ReportDocument.FileEntry(file: $0.file, findings: [], error: $0.error) }
      var doc = ReportDocument(files: entries, folder: cross)
      doc.seeding = .init(rows: rows)
      doc.strict = strict
      return doc
    }

    /// The verdict line, a row per file with its launch cost, then every finding.
    func text(_ path: String) -> String {
      let (members, unreadable) = (folder.members, folder.unreadable)
      var out = [
        "\(Plural.count(members.count, "catalogue")) in \(path): \(members.count - failing) pass, \(failing) fail"
          + (unreadable.isEmpty ? "" : ", \(unreadable.count) unreadable")
          + "; folder rules: \(FindingsText.verdict(cross))"
      ]
      if !members.isEmpty || !unreadable.isEmpty {
        out += ["", table().render()]
        out.append(
          "seeding: the app seeds about \(RowBudget.rowsPerSecond) rows a second and is killed at about 15 s of launch; "
            + "a file above \(RowBudget.warnAbove) rows is a warning, above \(RowBudget.errorAbove) an error")
      }
      if !cross.isEmpty { out += ["", "folder"] + FindingsText.lines(cross) }
      for r in reports where !r.report.findings.isEmpty {
        out += ["", r.file] + FindingsText.lines(r.report.findings)
      }
      if strictFailure {
        out += [
          "",
          "\(CheckCommand.strict.name): \(Plural.count(warnings, "warning")) \(warnings == 1 ? "fails" : "fail") the check",
        ]
      }
      return out.joined(separator: "\n")
    }

    private func table() -> TextTable {
      var table = TextTable(header: ["file", "shape", "records", "seeding", "result"], leftAligned: [0, 1, 4])
      for (m, r) in zip(folder.members, reports) {
        table.append([
          m.file, m.catalogue.shape.displayName, "\(m.catalogue.recordCount)",
          RowBudget.seedingText(m.catalogue.recordCount), FindingsText.verdict(r.report.findings),
        ])
      }
      for u in folder.unreadable { table.append([u.file, "-", "-", "-", "not a catalogue"]) }
      if folder.members.count > 1 {
        table.append([
          "total (\(Plural.count(folder.members.count, "file")))", "", "\(rows)", RowBudget.seedingText(rows), "",
        ])
      }
      return table
    }
  }
}
