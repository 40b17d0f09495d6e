import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class PopBoksDzuboksIndexTests: XCTestCase {
  func testZeroPageIssuesAndIssuesInNoYearAreDropped() throws {
    let index = try PopBoksIndex.parse(try TestPaths.fixtureBytes("PopBoks/dzuboks-small.js"), magazine: .dzuboks)
    XCTAssertEqual(index.entries.map(\.id), [1, 3, 4, 5, 6, 7, 8])
    XCTAssertEqual(index.dropped, ["Džuboks 2 has 0 pages (never scanned)", "Džuboks 9 falls in no year range"])
  }

  func testEntriesCarryYearFromTheirInclusiveRange() throws {
    let index = try PopBoksIndex.parse(try TestPaths.fixtureBytes("PopBoks/dzuboks-small.js"), magazine: .dzuboks)
    XCTAssertEqual(index.entries.map(\.year), [1974, 1974, 1975, 1975, 1975, 1976, 1976])
    let seven = try XCTUnwrap(index.entries.first { $0.id == 7 })
    XCTAssertEqual(seven.pages, 76, "the commented-out [7,99] inside the literal is ignored")
    XCTAssertEqual(seven.title, "Džuboks 7")
    XCTAssertEqual(seven.label, "7")
    XCTAssertEqual(seven.number, 7)
    XCTAssertEqual(seven.firstPage, 1)
    XCTAssertNil(seven.month)
    XCTAssertEqual(index.entries.first { $0.id == 4 }?.pages, 32, "the third number is a hint and is ignored")
  }

  func testABackwardsYearRangeFailsWithItsLine() {
    let bytes = Array("var years = [[74, [1, 3]],\n [75, [9, 4]]];\nvar numbers = [[1,2]];".utf8)
    XCTAssertThrowsError(try PopBoksIndex.parse(bytes, magazine: .dzuboks, name: "s.js")) { error in
      XCTAssertEqual("\(error)", "s.js: line 2: `years` entry 2 has its range backwards (9 > 4)")
    }
  }

  func testTheRealScriptMatchesTheReferenceCatalogue() throws {
    let index = try PopBoksIndex.parse(try TestPaths.corpus("popboks/dzuboks.js"), magazine: .dzuboks)
    XCTAssertEqual(index.entries.count, 183)
    XCTAssertEqual(index.dropped.count, 11)
    let reference = try JSONDecoder().decode(
      PopBoksCatalogue.self, from: Data(contentsOf: TestPaths.shared("reference-catalogs/popboks-dzuboks.json")))
    XCTAssertEqual(
      index.entries.map { $0.issue(grid: .viewer) },
      reference.issues.map {
        var i = $0
        i.columns = 5
        i.rows = 7
        return i
      })
  }
}

final class PopBoksRulesTests: XCTestCase {
  func testTheReferenceCataloguesPassOurRules() throws {
    for m in PopBoksMagazine.allCases {
      let c = try JSONDecoder().decode(
        PopBoksCatalogue.self, from: Data(contentsOf: TestPaths.shared("reference-catalogs/\(m.catalogueFile)")))
      let report = ValidationReport.run(PopBoksRules.rules(magazine: m, minimumIssues: m.minimumIssues), on: c)
      XCTAssertEqual(report.findings, [], "\(m)")
    }
  }

  func testAMissingCoverAProbeLimitAndNoTilesAreErrors() {
    var issues = [
      PopBoksIssue(
        id: 1, number: 1, title: "Džuboks 1", label: "1", year: 1974, firstPage: 1, pages: 52, columns: 5, rows: 7),
      PopBoksIssue(
        id: 2, number: 2, title: "Džuboks 2", label: "2", year: 1974, firstPage: 1, pages: 52, columns: 0, rows: 0),
      PopBoksIssue(
        id: 3, number: 3, title: "Džuboks 3", label: "3", year: 1974, firstPage: 1, pages: 52, columns: 5, rows: 12),
    ]
    issues.append(
      PopBoksIssue(
        id: 4, number: 4, title: "Džuboks 4", label: "4", year: 1999, firstPage: 1, pages: 52, columns: 5, rows: 7))
    let c = PopBoksCatalogue(generated: "2026-11-30", base: PopBoksMagazine.base, magazine: "dzuboks", issues: issues)
    let report = ValidationReport.run(
      PopBoksRules.rules(magazine: .dzuboks, minimumIssues: 4, missingCovers: [1]), on: c)
    XCTAssertEqual(
      report.errors.map(\.rule), ["popboks/has-tiles", "popboks/probe-limit", "popboks/cover", "plausible/year"])
    XCTAssertEqual(report.errors.map(\.records), [["2"], ["3"], ["1"], ["4"]])
  }

  func testRitamNumbersMustRunOneToN() {
    let issues = [
      PopBoksIssue(
        id: 155, number: 1, title: "Ritam 1", label: "1", year: 1989, month: 2, firstPage: 1, pages: 68, columns: 5,
        rows: 8),
      PopBoksIssue(
        id: 156, number: 3, title: "Ritam 2", label: "2", year: 1989, month: 1, firstPage: 1, pages: 68, columns: 5,
        rows: 8),
    ]
    let c = PopBoksCatalogue(generated: "2026-11-30", base: PopBoksMagazine.base, magazine: "ritam", issues: issues)
    let report = ValidationReport.run(PopBoksRules.rules(magazine: .ritam, minimumIssues: 2), on: c)
    XCTAssertEqual(report.errors.map(\.rule), ["popboks/running-order"])
    XCTAssertEqual(report.warnings.map(\.rule), ["popboks/chronology"])
  }
}
