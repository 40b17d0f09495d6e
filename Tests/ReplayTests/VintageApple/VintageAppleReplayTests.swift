import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// vintageapple-build over the four real section pages in the corpus (byte, macworld, softalk on
/// the magazines shelf, macbooks on the books shelf), built with `--only` those sections.
final class VintageAppleReplayTests: XCTestCase {
  func testVintageAppleReplayMatchesTheReferenceWhereTheCorpusCovers() throws {
    let files = ["vintageapple-magazines.json", "vintageapple-books.json"]
    let references = try files.map { try ReplayReference.issues($0) }
    let site = try ReplaySite("vintageapple")
    defer { site.remove() }
    let sections = ["byte", "macworld", "softalk", "macbooks"]
    for slug in sections {
      try site.put(corpus: "vintageapple/\(slug).html", at: "vintageapple.org/\(slug)/index.html")
    }
    let server = try site.serve { server in references.forEach(server.serveSizes(of:)) }
    defer { server.stop() }

    let r = try site.build(
      "vintageapple-build", server: server, date: references[0].generated, ["--only", sections.joined(separator: ",")])
    XCTAssertEqual(r.status, 0, r.stderr)
    for (file, reference) in zip(files, references) {
      try LineageCoverage.assertCovers(site, file)
      let comparison = ReplayComparison(
        source: "vintageapple \(file.dropFirst("vintageapple-".count).dropLast(".json".count))", referenceFile: file,
        built: try site.built(file), reference: .issue(reference), covers: ReplayRecord.inSeries(Set(sections)),
        explanations: [],
        notes: [
          "the corpus holds 4 of the 16 section pages; the build runs with --only those sections, the other series are not compared",
          "sizes: HEAD answers are the reference's own `bytes` (404 for its dead rows), so `bytes` and `dead` are not an independent check",
        ])
      comparison.print()
      comparison.assertEveryDifferenceIsExplained()
    }
  }

  /// The corpus has no MacUser page, and its four pages list rows in month order, so they cannot show
  /// issue 13's numbering of undated rows. This replay writes the MacUser section (146 rows, none
  /// with a year, 144 with a month from the file name) and Mac Catalogs (52 rows, four undated with a
  /// month) from the reference's own rows, in the site's markup, listed **out of month order**: the
  /// reference's sort classes (year, month) from the last to the first, each class's rows in the
  /// reference's order. Only numbering by (year, undated last; month, absent as 0; position) gives
  /// the reference's numbers back; numbering undated rows in table order gives MacUser backwards.
  func testUndatedRowsListedOutOfMonthOrderAreNumberedAsTheShippedCatalogues() throws {
    let files = ["vintageapple-magazines.json", "vintageapple-books.json"]
    let references = try files.map { try ReplayReference.issues($0) }
    let site = try ReplaySite("vintageapple-months")
    defer { site.remove() }
    let sections = ["macuser", "catalogs"]
    var tables: [String: [Issue]] = [:]
    for slug in sections {
      let rows = references.flatMap(\.issues).filter { $0.series == slug }
      let table = Self.outOfMonthOrder(rows)
      tables[slug] = table
      try site.put(Array(Self.sectionPage(slug: slug, rows: table).utf8), at: "vintageapple.org/\(slug)/index.html")
    }
    let server = try site.serve { server in references.forEach(server.serveSizes(of:)) }
    defer { server.stop() }

    let r = try site.build(
      "vintageapple-build", server: server, date: references[0].generated, ["--only", sections.joined(separator: ",")])
    XCTAssertEqual(r.status, 0, r.stderr)
    for (file, reference) in zip(files, references) {
      try LineageCoverage.assertCovers(site, file)
      let built = try site.built(file)
      let comparison = ReplayComparison(
        source: "vintageapple \(file.dropFirst("vintageapple-".count).dropLast(".json".count)) (out of month order)",
        referenceFile: file, built: built, reference: .issue(reference), covers: ReplayRecord.inSeries(Set(sections)),
        explanations: [],
        notes: [
          "section pages written by the test from the reference's rows (MacUser, Mac Catalogs), listed from the last (year, month) to the first",
          "sizes: HEAD answers are the reference's own `bytes` (404 for its dead rows), so `bytes` and `dead` are not an independent check",
        ])
      comparison.print()
      comparison.assertEveryDifferenceIsExplained()
      // The page must really be out of order, or this replay proves nothing.
      let builtIssues = try ReplayReference.issues(in: built, file)
      for (slug, table) in tables where builtIssues.issues.contains(where: { $0.series == slug }) {
        let numbers = Dictionary(uniqueKeysWithValues: builtIssues.issues.map { ($0.id, $0.number) })
        let moved = table.enumerated().filter { numbers[$0.element.id] != $0.offset + 1 }.count
        print("  \(slug): \(moved) of \(table.count) rows numbered away from their table position")
        XCTAssertGreaterThan(moved, 0, slug)
      }
    }
  }

  /// The reference's rows regrouped from the last sort class (undated, highest month) to the first,
  /// keeping the reference's order inside a class, so only the month and year can restore it.
  static func outOfMonthOrder(_ rows: [Issue]) -> [Issue] {
    func key(_ i: Issue) -> [Int] { [i.year ?? Int.max, i.month ?? 0] }
    let sorted = rows.sorted { $0.number < $1.number }
    return sorted.enumerated().sorted { a, b in
      let (ka, kb) = (key(a.element), key(b.element))
      return ka == kb ? a.offset < b.offset : kb.lexicographicallyPrecedes(ka)
    }.map(\.element)
  }

  /// A section page in the site's markup (header row, then `#`, thumb, title link, year, scanned).
  /// The year cell holds `YYYY-MM` when the row has both, the year alone, or nothing; an undated
  /// row's month can only come from its file name, as on the real MacUser page.
  static func sectionPage(slug: String, rows: [Issue]) -> String {
    func escaped(_ s: String) -> String {
      s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
    }
    var html = """

      <html xmlns="http://www.w3.org/1999/xhtml">
      <head>
      <meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
      <title>Vintage Apple</title>
      </head>
      <body>
      <div align="center">
          <table class="border-table" cellpadding="1" cellspacing="1">
              <tr>
                  <td class="border-td">#</td><td class="border-td">Thumb</td><td class="border-td"><a href="index.html">Title</a></td><td class="border-td"><a href="index_year.html">Year</a></td><td class="border-td"><a href="index_date.html">Scanned Y-M-D</a></td>
              </tr>

      """
    for (n, issue) in rows.enumerated() {
      let pdf = String(issue.zip.dropFirst(slug.count + 1))
      let thumb = issue.thumb.map { String($0.dropFirst(slug.count + 1)) } ?? ""
      let year =
        switch (issue.year, issue.month) {
        case (let y?, let m?): "\(y)-" + (m < 10 ? "0\(m)" : "\(m)")
        case (let y?, nil): "\(y)"
        default: ""
        }
      html += """
        <tr>
        <td class="border-td">\(n + 1)</td><td  class="border-td" align="center"><img src="\(escaped(thumb))"></td>\
        <td class="border-td"><a href="\(escaped(pdf))">\(escaped(issue.title)).pdf</a></td>\
        <td class="border-td">\(year)</td><td class="border-td">2019-04-02</td>
        </tr>

        """
    }
    return html + "\n</table>\n</div>\n</body>\n"
  }
}
