import CatalogKit
import Foundation
import XCTest

final class RowBudgetTests: XCTestCase {
  /// `count` issues: `big` of them in series BIG, the rest in SMALL.
  private func catalogue(_ count: Int, big: Int) -> IssueCatalogue {
    var c = CatalogueTestData.retroSpec()
    c.series = [Series(key: "BIG", name: "Big", code: "B"), Series(key: "SMALL", name: "Small", code: "S")]
    c.issues = (0..<count).map { n in
      let key = n < big ? "BIG" : "SMALL"
      let number = n < big ? n + 1 : n - big + 1
      return Issue(
        id: "\(key)_\(number)", series: key, number: number, title: "No. \(number)", zip: "\(key)/\(number).zip",
        bytes: 1)
    }
    return c
  }

  private func budget(_ c: IssueCatalogue, _ ceiling: RowBudget.Ceiling? = nil) -> [Finding] {
    ValidationReport.run(SharedRules.issue(rowCeiling: ceiling), on: c).findings.filter { $0.rule == "budget/rows" }
  }

  func testNineThousandRowsPassAndOneMoreWarnsNamingTheLargestSeries() {
    XCTAssertEqual(budget(catalogue(9_000, big: 5_000)), [])
    let f = budget(catalogue(9_001, big: 6_000))
    XCTAssertEqual(f.map(\.severity), [.warning])
    XCTAssertEqual(
      f.first?.message,
      "9001 rows take about 1.0 s to seed at 9000 rows a second, more than 9000: split the file (the largest series, BIG, holds 6000 rows)"
    )
  }

  func testMoreThanFifteenThousandRowsIsAnErrorUnlessTheSourceDeclaresAHigherCeiling() {
    let c = catalogue(15_001, big: 10_000)
    XCTAssertEqual(budget(c).map(\.severity), [.error])
    XCTAssertTrue(budget(c).first?.message.contains("the app is killed at about 15 s of launch") == true)
    let declared = RowBudget.Ceiling(rows: 20_000, reason: "a reference shelf read once, not at launch")
    XCTAssertEqual(budget(c, declared).map(\.severity), [.warning])
    let over = budget(catalogue(20_001, big: 10_000), declared)
    XCTAssertEqual(over.map(\.severity), [.error])
    XCTAssertTrue(over.first?.message.contains("(the source's ceiling, 20000: a reference shelf read once") == true)
  }

  func testEveryShapeHasTheBudget() {
    var ritam = CatalogueTestData.ritam()
    ritam.issues = (1...9_001).map {
      PopBoksIssue(
        id: $0, number: $0, title: "R \($0)", label: "\($0)", year: 1989, firstPage: 1, pages: 2, columns: 5, rows: 8)
    }
    XCTAssertEqual(
      ValidationReport.run(SharedRules.popboks(), on: ritam).finding("budget/rows")?.message.hasSuffix(
        "(the largest year, 1989, holds 9001 rows)"), true)
    var comics = CatalogueTestData.stripovi()
    let template = comics.comics[0]
    comics.comics = (1...15_001).map { n in
      var m = template
      m.id = n
      return m
    }
    XCTAssertEqual(ValidationReport.run(SharedRules.stripovi(), on: comics).finding("budget/rows")?.severity, .error)
  }

  func testSeedingTimeIsRowsOverTheMeasuredRate() {
    XCTAssertEqual(RowBudget.seedingText(9_000), "1.0 s")
    XCTAssertEqual(RowBudget.seedingText(3_194), "0.4 s")
    XCTAssertEqual(RowBudget.seedingText(0), "0.0 s")
    XCTAssertEqual(RowBudget.seedingSeconds(13_500), 1.5)
  }
}
