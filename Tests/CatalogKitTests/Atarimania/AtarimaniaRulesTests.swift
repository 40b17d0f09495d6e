import XCTest

@testable import CatalogKit

final class AtarimaniaRulesTests: XCTestCase {
  func catalogue(issues count: Int, dead: Int = 0, unsized: Int = 0, uncovered: Int = 0) -> IssueCatalogue {
    let issues = (0..<count).map { i in
      Issue(
        id: "f\(i)", series: "s-1", number: i + 1, title: "\(i)", zip: "mags/pdf/f\(i).pdf",
        cover: i < uncovered ? nil : "mags/low_res/f\(i).jpg", bytes: i < dead + unsized ? nil : 10,
        dead: i < dead ? true : nil)
    }
    return IssueCatalogue(
      generated: "2026-11-30", base: AtarimaniaSite.base, series: [Series(key: "s-1", name: "S", code: "1")],
      issues: issues)
  }

  func failed(_ c: IssueCatalogue, _ t: AtarimaniaRules.Thresholds) -> [String: Severity] {
    var out: [String: Severity] = [:]
    for f in ValidationReport.run(AtarimaniaRules.rules(t), on: c).findings { out[f.rule] = f.severity }
    return out
  }

  func testAHealthyCatalogueAboveTheFloorPasses() {
    XCTAssertEqual(failed(catalogue(issues: 100), .init(minIssues: 99)), [:])
  }

  func testTheFloorMustBeExceeded() {
    let f = ValidationReport.run(AtarimaniaRules.rules(.init(minIssues: 100)), on: catalogue(issues: 100)).findings
    XCTAssertEqual(f.map(\.rule), ["threshold/minimum-issues"], "a threshold: reported, not enforced, for a subset")
    XCTAssertEqual(
      f.first?.message,
      "only 100 issues, expected more than 100 — the site lists ~1,900, so the parse or the index is broken")
  }

  func testMoreThanFivePercentDeadIsAnError() {
    XCTAssertEqual(failed(catalogue(issues: 100, dead: 5), .init(minIssues: 1)), [:])
    XCTAssertEqual(
      failed(catalogue(issues: 100, dead: 6), .init(minIssues: 1)),
      ["atarimania/dead-share": .error])
  }

  func testFewerThanNinetyPercentSizedIsAnError() {
    XCTAssertEqual(failed(catalogue(issues: 100, unsized: 10), .init(minIssues: 1)), [:])
    XCTAssertEqual(failed(catalogue(issues: 100, unsized: 11), .init(minIssues: 1)), ["atarimania/sized-share": .error])
  }

  func testNinetyPercentOrFewerCoversIsAnError() {
    XCTAssertEqual(failed(catalogue(issues: 100, uncovered: 9), .init(minIssues: 1)), [:])
    XCTAssertEqual(
      failed(catalogue(issues: 100, uncovered: 10), .init(minIssues: 1)), ["atarimania/cover-share": .error])
  }

  func testTheFloorFollowsThePreviousCatalogue() {
    XCTAssertEqual(AtarimaniaRules.Thresholds.minIssues(previousCount: nil), 1500)
    XCTAssertEqual(AtarimaniaRules.Thresholds.minIssues(previousCount: 1907), 1907 - 95)
    XCTAssertEqual(AtarimaniaRules.Thresholds.minIssues(previousCount: 10), 9)
  }
}
