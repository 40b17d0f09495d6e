import CatalogKit
import XCTest

/// The comparison the replay tests rely on: what counts as a difference, which are explained, and
/// what stays outside the comparison.
final class ReplayComparisonTests: XCTestCase {
  func issue(_ id: String, title: String, pages: Int? = nil) -> Issue {
    Issue(id: id, series: "S", number: 1, title: title, year: 1990, month: 1, zip: id + ".zip", pages: pages)
  }

  func catalogue(_ issues: [Issue]) -> AnyCatalogue {
    .issue(
      IssueCatalogue(
        version: 1, generated: "2026-01-01", base: "https://example.org/",
        series: [Series(key: "S", name: "Series", code: "S")], issues: issues))
  }

  func testADifferenceNoRuleClaimsIsUnexplained() {
    let c = ReplayComparison(
      source: "t", referenceFile: "t.json", built: catalogue([issue("a", title: "Jan 1990")]),
      reference: catalogue([issue("a", title: "Januar 1990")]), explanations: [])
    XCTAssertEqual(c.unexplained.map(\.field), ["title"])
    XCTAssertEqual(c.unexplained.first?.built, .string("Jan 1990"))
    XCTAssertTrue(c.render().contains("UNEXPLAINED differences: 1"))
  }

  func testAClaimedDifferenceIsListedUnderItsRule() {
    let c = ReplayComparison(
      source: "t", referenceFile: "t.json", built: catalogue([issue("a", title: "T")]),
      reference: catalogue([issue("a", title: "T", pages: 40)]),
      explanations: [.partialCorpus("no-count", "no page in the corpus", where: { $0.field == "pages" })])
    XCTAssertTrue(c.unexplained.isEmpty)
    let table = c.render()
    XCTAssertTrue(table.contains("no-count  partial corpus  issue.pages      1  a    —      40"), table)
    XCTAssertTrue(table.contains("no-count: no page in the corpus"), table)
  }

  func testARecordOnOneSideOnlyIsADifference() {
    let c = ReplayComparison(
      source: "t", referenceFile: "t.json", built: catalogue([issue("a", title: "T"), issue("b", title: "T")]),
      reference: catalogue([issue("a", title: "T"), issue("c", title: "T")]), explanations: [])
    XCTAssertEqual(c.unexplained.map { "\($0.key) \($0.field)" }, ["c record", "b record"])
  }

  func testRecordsOutsideTheCorpusAreNotCompared() {
    let c = ReplayComparison(
      source: "t", referenceFile: "t.json", built: catalogue([issue("a", title: "T")]),
      reference: catalogue([issue("a", title: "T"), issue("c", title: "Other")]),
      covers: { $0.kind != .issue || $0.key == "a" }, explanations: [])
    XCTAssertTrue(c.unexplained.isEmpty)
    XCTAssertTrue(c.render().contains("outside the corpus (not compared): issue 1"))
  }
}
