import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class RetroSpecRulesTests: XCTestCase {
  func issue(_ id: String, _ series: String, _ n: Int, dead: Bool = false, pages: Int? = 10) -> Issue {
    Issue(
      id: id, series: series, number: n, title: "t \(id)", zip: "X/ZIP/\(id).zip", bytes: dead ? nil : 5,
      pages: pages, dead: dead ? true : nil)
  }

  func catalogue(_ issues: [Issue]) -> IssueCatalogue {
    IssueCatalogue(generated: "2026-11-30", base: RetroSpecSite.base, series: RetroSpecSeries.table, issues: issues)
  }

  func page(_ fixture: String) throws -> RetroSpecIndexPage {
    try RetroSpecIndexPage.parse(
      TestPaths.fixtureBytes("RetroSpec/" + fixture), url: XCTUnwrap(RetroSpecSite.indexURL("indexSK")))
  }

  func testThresholdsDefaultFromThePreviousCatalogue() {
    let previous = catalogue([
      issue("SK_1", "SK", 1), issue("SK_2", "SK", 2, dead: true), issue("RA_1", "RA", 1, pages: nil),
    ])
    let t = RetroSpecThresholds(previous: previous)
    XCTAssertEqual(t.minIssues, 3)
    XCTAssertEqual(t.maxDead, 1 + RetroSpecThresholds.margin)
    XCTAssertEqual(t.minWithMetadata, 0)
    XCTAssertEqual(t.previousSeriesCounts, ["SK": 2, "RA": 1])
    XCTAssertEqual(RetroSpecThresholds(previous: previous, only: ["RA"]).minIssues, 1)
    XCTAssertEqual(RetroSpecThresholds(previous: previous, minIssues: 7).minIssues, 7)
  }

  func testWithoutAPreviousCatalogueTheReferenceNumbersApply() {
    let t = RetroSpecThresholds(previous: nil)
    XCTAssertEqual(t.minIssues, 653)
    XCTAssertEqual(t.maxDead, 12)
    XCTAssertEqual(t.previousSeriesCounts, [:])
  }

  func testATruncatedIndexFailsTheCountNamingThePage() throws {
    let truncated = try page("index-truncated.html")
    let t = RetroSpecThresholds(minIssues: 5, maxDead: 0, minWithMetadata: 0, previousSeriesCounts: ["SK": 5])
    let c = catalogue([issue("SK_86_05", "SK", 1), issue("SK_86_04S", "SK", 2)])
    let report = ValidationReport.run(RetroSpecRules.rules(thresholds: t, pages: [truncated]), on: c)
    XCTAssertEqual(report.errors.map(\.rule), ["threshold/issue-count", "threshold/series-shrank"])
    XCTAssertEqual(
      report.errors[0].message,
      "only 2 issues, expected at least 5 — https://retrospec.elite.org/pcsux/indexSK.html looks truncated, has 1 half cells (2 issue cells)"
    )
    XCTAssertEqual(report.errors[1].message, "SK has 2 issues, the previous catalogue had 5 from indexSK.html")
  }

  func testTooManyDeadArchivesFail() {
    let t = RetroSpecThresholds(minIssues: 1, maxDead: 1, minWithMetadata: 0)
    let c = catalogue([issue("SK_1", "SK", 1, dead: true), issue("SK_2", "SK", 2, dead: true)])
    let report = ValidationReport.run(RetroSpecRules.rules(thresholds: t, pages: []), on: c)
    XCTAssertEqual(
      report.errors.map(\.message),
      ["2 archives are missing (at most 1 allowed): the site or the parse is broken, not the archive"])
  }

  func testLostMetadataFailsAndAQuestionMarkTitleWarns() {
    let t = RetroSpecThresholds(minIssues: 1, maxDead: 5, minWithMetadata: 2)
    var c = catalogue([issue("SK_1", "SK", 1), issue("SK_2", "SK", 2, pages: nil)])
    c.issues[0].title = "Tra?anj 1990"
    let report = ValidationReport.run(RetroSpecRules.rules(thresholds: t, pages: []), on: c)
    XCTAssertEqual(report.errors.map(\.rule), ["threshold/metadata"])
    XCTAssertEqual(report.warnings.map(\.rule), ["retrospec/title-question-mark"])
  }

  func testThresholdRulesAreNamedSoAPartialBuildOnlyReportsThem() {
    let t = RetroSpecThresholds(minIssues: 1, maxDead: 0, minWithMetadata: 0)
    let names = RetroSpecRules.rules(thresholds: t, pages: []).filter {
      $0.severity == .error && !$0.name.hasPrefix("plausible/")
    }.map(\.name)
    XCTAssertEqual(
      names, ["threshold/issue-count", "threshold/series-shrank", "threshold/dead-archives", "threshold/metadata"])
  }

  func testALiveIssueWithoutSizeWarnsOnlyWhenProbed() {
    let t = RetroSpecThresholds(minIssues: 1, maxDead: 0, minWithMetadata: 0)
    var c = catalogue([issue("SK_1", "SK", 1)])
    c.issues[0].bytes = nil
    XCTAssertEqual(
      ValidationReport.run(RetroSpecRules.rules(thresholds: t, pages: []), on: c).warnings.map(\.rule),
      ["retrospec/live-without-bytes"])
    XCTAssertEqual(
      ValidationReport.run(RetroSpecRules.rules(thresholds: t, pages: [], probed: false), on: c).warnings, [])
  }
}
