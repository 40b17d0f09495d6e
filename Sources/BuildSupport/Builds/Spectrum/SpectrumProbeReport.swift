import CatalogKit
import Foundation

/// `--probe`: what the dump holds, for deciding rules; writes nothing.
enum SpectrumProbeReport {
  static func run(_ ctx: BuildContext) async throws {
    let out = Out(printer: ctx.printer)
    let (store, load) = try await DumpSource.open(ctx)
    let magazines = try store.magazines()
    let issues = try store.issues()
    var byID: [Int: ZXDBMagazine] = [:]
    for m in magazines { byID[m.id] = m }
    out.line("ZXDB dump \(load.dumpSHA256) (\(load.zipBytes) bytes zipped)")

    out.heading("0. Path prefixes in ZXDB links")
    out.line("/zxdb/  https://spectrumcomputing.co.uk/zxdb/ (direct file)")
    out.line("/pub/   World of Spectrum June 2017 mirror zip on archive.org (inside a zip: no resume)")
    out.line("/nvg/   ftp.nvg.unit.no mirror zip on archive.org (inside a zip: no resume)")

    out.heading("1. Archive masks by column and shape")
    let magazineMasks = magazines.compactMap(\.archiveMask).filter { !$0.isEmpty }
    let issueMasks = issues.compactMap(\.archiveMask).filter { !$0.isEmpty }
    out.line("magazines.archive_mask  \(magazineMasks.count) of \(Plural.count(magazines.count, "magazine"))")
    out.line("magazines.link_mask     \(magazines.compactMap(\.linkMask).filter { !$0.isEmpty }.count)")
    out.line(
      "issues.archive_mask     \(issueMasks.count) issue-level overrides, \(issueMasks.filter { SpectrumMask($0).tokens.isEmpty }.count) plain URLs without tokens"
    )
    out.line("issues.link_mask        \(issues.compactMap(\.linkMask).filter { !$0.isEmpty }.count)")
    out.line("tokens (magazine masks, issue masks):")
    var tokenCounts: [String: (Int, Int)] = [:]
    for m in magazineMasks { for t in Set(SpectrumMask(m).tokens) { tokenCounts[t, default: (0, 0)].0 += 1 } }
    for m in issueMasks { for t in Set(SpectrumMask(m).tokens) { tokenCounts[t, default: (0, 0)].1 += 1 } }
    for (t, c) in tokenCounts.sorted(by: { $0.key < $1.key }) {
      out.line("  \(Out.pad("{\(t)}", 8)) \(Out.padLeft(String(c.0), 6)) \(Out.padLeft(String(c.1), 6))")
    }
    var shapes: [String: Int] = [:]
    for m in magazineMasks + issueMasks {
      let shape = SpectrumMask(m).tokens.map { "{\($0)}" }.joined()
      shapes[shape.isEmpty ? "(no tokens)" : shape, default: 0] += 1
    }
    out.line("shapes (token sequence):")
    for (s, n) in shapes.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }).prefix(25) {
      out.line("  \(Out.padLeft(String(n), 6))  \(s)")
    }

    out.heading("2. Reachability by magazine type")
    let rows = SpectrumReachability.byType(magazines: magazines, issues: issues)
    out.line("type  magazines   issues  with mask  expanded  archive.org download")
    for (t, r) in rows.sorted(by: { $0.key < $1.key }) {
      out.line(
        "\(Out.pad(t, 4))  \(Out.padLeft(String(r.magazines), 9))  \(Out.padLeft(String(r.issues), 7))  \(Out.padLeft(String(r.withMask), 9))  \(Out.padLeft(String(r.expanded), 8))  \(Out.padLeft(String(r.archiveOrg), 8))"
      )
    }

    out.heading("3. files table by filetype")
    let filetypes = try store.texts(of: "filetypes")
    for ft in ZXDBStore.scanFiletypes {
      let n = try store.fileLinks(filetype: ft)
      out.line(
        "\(ft) \(Out.pad(filetypes[String(ft)] ?? "?", 22)) \(Out.padLeft(String(n.total), 7))  /pub/ \(n.pub)  /nvg/ \(n.nvg)  /zxdb/ \(n.zxdb)  http \(n.http)"
      )
    }

    out.heading("4. Books")
    out.line("filetypes: 46 = \(filetypes["46"] ?? "?"), 60 = \(filetypes["60"] ?? "?")")
    let genres = try store.texts(of: "genretypes")
    let bookGenres = genres.filter { ZXDBBookDownload.isBookGenre($0.value) }
    out.line(
      "book genres: " + bookGenres.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    let downloads = try store.bookDownloads()
    var prefixes: [String: Int] = [:]
    for d in downloads {
      let p = ["/pub/", "/nvg/", "/zxdb/", "https://archive.org/", "http"].first { d.link.hasPrefix($0) } ?? "other"
      prefixes[p, default: 0] += 1
    }
    out.line("downloads of filetype 46/60: \(downloads.count)")
    for (p, n) in prefixes.sorted(by: { $0.key < $1.key }) { out.line("  \(Out.pad(p, 22)) \(n)") }
    let books = SpectrumPlan.books(downloads)
    out.line("planned book rows: \(books.rows.count) under \(Plural.count(books.seriesCount, "imprint"))")

    out.heading("5. Paper titles with an archive mask")
    var counts: [Int: Int] = [:]
    for i in issues { counts[i.magazineID, default: 0] += 1 }
    let paper = magazines.filter { $0.magtype == "P" && !($0.archiveMask ?? "").isEmpty }
    out.line("top 50 by issue count:")
    for m in paper.sorted(by: { (counts[$0.id] ?? 0, $1.name) > (counts[$1.id] ?? 0, $0.name) }).prefix(50) {
      out.line(
        "  \(Out.padLeft(String(counts[m.id] ?? 0), 5))  \(m.name) [\(m.language ?? "?")/\(m.country ?? "?")] #\(m.id)")
    }
    var countries: [String: Int] = [:]
    for m in paper { countries[m.country ?? "?", default: 0] += 1 }
    out.line("by country (top 14):")
    for (c, n) in countries.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }).prefix(14) {
      out.line("  \(Out.pad(c, 4)) \(n)")
    }
  }
}
