import CatalogKit
import Foundation

/// `--validate`: a sample of expanded masks per token, checked live against the metadata API.
///
/// Only a missing item counts against a token; a wrong file name still reached the right item (the
/// build recovers it from the item's files). A token under 90 % resolved is marked suspect.
enum ValidateReport {
  static let suspectBelow = 0.9

  static func run(_ ctx: BuildContext) async throws {
    let out = Out(printer: ctx.printer)
    let perToken = ctx.options[SpectrumTool.perToken]
    let (store, _) = try await DumpSource.open(ctx)
    let magazines = try store.magazines().filter { $0.magtype == "P" && !($0.archiveMask ?? "").isEmpty }
    var byID: [Int: ZXDBMagazine] = [:]
    for m in magazines { byID[m.id] = m }
    let issues = try store.issues().filter { byID[$0.magazineID] != nil }
    let samples = SpectrumMaskSample.select(magazines: magazines, issues: issues, perToken: perToken)
    let identifiers = Array(Set(samples.map(\.location.identifier))).sorted()
    ctx.note("validate: \(Plural.count(samples.count, "sample")) over \(Plural.count(identifiers.count, "item"))")
    let answers = try await ArchiveClient(ctx, unreadable: .warnAsMissing, batch: 25).lookups(identifiers)

    var stale: [String] = []
    var missing: [String] = []
    out.heading("Archive masks checked against archive.org (\(perToken) per token)")
    out.line("\(Out.pad("token", 8)) sampled      ok  renamed  missing  resolved")
    var total = 0
    var resolvedTotal = 0
    for token in Set(samples.map(\.token)).sorted() {
      let group = samples.filter { $0.token == token }
      var ok = 0
      var renamed = 0
      var gone = 0
      for s in group {
        switch answers[s.location.identifier] ?? .noSuchItem {
        case .item(let item):
          if item.file(named: s.location.file) != nil {
            ok += 1
          } else {
            renamed += 1
            let pdfs = item.files.map(\.name).filter { $0.lowercased().hasSuffix(".pdf") }
            stale.append(
              "\(s.location.identifier)/\(s.location.file) (\(s.magazine.name) #\(s.issueID)); item holds: \(pdfs.prefix(4).joined(separator: ", "))"
            )
          }
        case .noSuchItem, .dark:
          gone += 1
          missing.append("\(s.location.identifier) (\(s.magazine.name) #\(s.issueID))")
        }
      }
      let resolved = ok + renamed
      total += group.count
      resolvedTotal += resolved
      let suspect = Double(resolved) < suspectBelow * Double(group.count) ? "  <-- suspect" : ""
      out.line(
        "\(Out.pad("{\(token)}", 8)) \(Out.padLeft(String(group.count), 7)) \(Out.padLeft(String(ok), 7)) \(Out.padLeft(String(renamed), 8)) \(Out.padLeft(String(gone), 8)) \(Out.padLeft(Out.percent(resolved, group.count), 9))\(suspect)"
      )
    }
    out.line("resolved \(resolvedTotal) of \(Plural.count(total, "sample")) (\(Out.percent(resolvedTotal, total)))")
    out.heading("Stale file names (first 8 of \(stale.count))")
    for s in stale.prefix(8) { out.line("  " + s) }
    out.heading("Missing items (first 10 of \(missing.count))")
    for m in missing.prefix(10) { out.line("  " + m) }
  }
}
