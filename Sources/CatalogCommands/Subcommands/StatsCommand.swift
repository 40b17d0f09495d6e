import BuildSupport
import CatalogKit
import Foundation

/// `catalog stats FILE…`: what catalogues hold, one aligned row per file.
enum StatsCommand: Subcommand {
  static let name = "stats"
  static let abstract = "Summarise what catalogue files hold."
  static let usage = "stats <file-or-folder> ... [--json]"
  static let arguments = [("<file-or-folder>", "A catalogue file, or a folder whose *.json files are read.")]
  static let json = CommonOption.json("Print the numbers as JSON (one entry per file, then the total).")
  static let options: [any OptionDeclaring] = [json]

  /// The `--json` document: `files` (one `CatalogueStats` per file, with its name and seeding time)
  /// and `total` (records, series, dead, bytes summed; bytes null for no sizes or on overflow).
  struct Document: Encodable {
    struct File: Encodable {
      var file: String
      var stats: CatalogueStats
      var seedingSeconds: Double
    }
    struct Total: Encodable {
      var files: Int
      var records: Int
      var series: Int
      var dead: Int
      var bytes: Int64?
      var bytesOverflow: Bool
      var seedingSeconds: Double
    }
    var files: [File]
    var total: Total
    var rowsPerSecond = RowBudget.rowsPerSecond
  }

  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    guard !args.positionals.isEmpty else { return usageError("name at least one catalogue file or folder.", console) }
    var worst = ExitCode.ok
    var paths: [String] = []
    for p in args.positionals {
      if let inside = try? CatalogueReader.catalogueFiles(in: p) { paths += inside } else { paths.append(p) }
    }
    var table = TextTable(
      header: ["file", "shape", "issues", "series", "sized", "pages", "cover", "dated", "dead", "bytes"],
      leftAligned: [0, 1])
    var files: [Document.File] = []
    for path in paths {
      let c: AnyCatalogue
      do {
        c = try CatalogueReader.read(path)
      } catch {
        console.error("error: \(error)")
        worst = max(worst, error.exitCode)
        continue
      }
      let s = CatalogueStats(c)
      let sizes = s.bytes != nil || s.bytesOverflow
      table.append([
        lastComponent(path), c.shape.displayName, "\(s.records)", "\(s.series)",
        sizes ? CatalogueStats.share(s.sized, of: s.records) : "-", CatalogueStats.share(s.paged, of: s.records),
        CatalogueStats.share(s.covered, of: s.records), CatalogueStats.share(s.dated, of: s.records),
        sizes ? "\(s.dead)" : "-", bytesText(s.bytes, overflow: s.bytesOverflow),
      ])
      files.append(.init(file: lastComponent(path), stats: s, seedingSeconds: RowBudget.seedingSeconds(s.records)))
    }
    let total = Document.Total(files)
    if args[json] {
      let doc = Document(files: files, total: total)
      console.out((try? MachineJSON.encode(doc)).map { String(decoding: $0, as: UTF8.self) } ?? "{}")
      return worst
    }
    if files.count > 1 {
      table.append([
        "total (\(Plural.count(files.count, "file")))", "", "\(total.records)", "\(total.series)", "", "", "", "",
        "\(total.dead)",
        bytesText(total.bytes, overflow: total.bytesOverflow),
      ])
    }
    if !files.isEmpty { console.out(table.render()) }
    return worst
  }

  /// `1.4 GB`, or `overflow` when the sizes add up past `Int64`.
  static func bytesText(_ bytes: Int64?, overflow: Bool) -> String {
    if overflow { return "overflow" }
    return bytes.map(CatalogueStats.humanBytes) ?? "-"
  }
}

extension StatsCommand.Document.Total {
  /// The files' sums. Counts of real files cannot overflow `Int`, but sizes can: they are summed checked.
  init(_ files: [StatsCommand.Document.File]) {
    let records = files.reduce(0) { $0 + $1.stats.records }
    let anyOverflow = files.contains { $0.stats.bytesOverflow }
    let bytes = anyOverflow ? nil : CheckedTotal.sum(files.compactMap(\.stats.bytes))
    self.init(
      files: files.count, records: records, series: files.reduce(0) { $0 + $1.stats.series },
      dead: files.reduce(0) { $0 + $1.stats.dead }, bytes: bytes, bytesOverflow: bytes == nil && !files.isEmpty,
      seedingSeconds: RowBudget.seedingSeconds(records))
  }
}
