import BuildSupport
import CatalogKit

/// `catalog stats FILE…`: what catalogues hold, one aligned row per file.
enum StatsCommand: Subcommand {
  static let name = "stats"
  static let abstract = "Summarise what catalogue files hold."
  static let usage = "stats <file-or-folder> ..."
  static let arguments = [("<file-or-folder>", "A catalogue file, or a folder whose *.json files are read.")]
  static let options: [(String, String)] = []
  static let valueOptions: Set<String> = []
  static let flags: Set<String> = []

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
    var total = (records: 0, series: 0, dead: 0, bytes: Int64(0), files: 0)
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
      let sizes = s.bytes != nil
      table.append([
        lastComponent(path), c.shape.displayName, "\(s.records)", "\(s.series)",
        sizes ? CatalogueStats.share(s.sized, of: s.records) : "-", CatalogueStats.share(s.paged, of: s.records),
        CatalogueStats.share(s.covered, of: s.records), CatalogueStats.share(s.dated, of: s.records),
        sizes ? "\(s.dead)" : "-", s.bytes.map(CatalogueStats.humanBytes) ?? "-",
      ])
      total.records += s.records
      total.series += s.series
      total.dead += s.dead
      total.bytes += s.bytes ?? 0
      total.files += 1
    }
    if total.files > 1 {
      table.append([
        "total (\(total.files) files)", "", "\(total.records)", "\(total.series)", "", "", "", "", "\(total.dead)",
        CatalogueStats.humanBytes(total.bytes),
      ])
    }
    if total.files > 0 { console.out(table.render()) }
    return worst
  }
}
