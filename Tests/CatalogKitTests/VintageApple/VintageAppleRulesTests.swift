import XCTest

@testable import CatalogKit

final class VintageAppleRulesTests: XCTestCase {
  func catalogue(_ slugs: [String], perSection: Int, dead: Int = 0, unsized: Int = 0, uncovered: Int = 0)
    -> IssueCatalogue
  {
    var issues: [Issue] = []
    for slug in slugs {
      for i in 0..<perSection {
        let n = issues.count
        issues.append(
          Issue(
            id: "\(slug)/f\(i)", series: slug, number: i + 1, title: "F \(i)", zip: "\(slug)/pdf/f\(i).pdf",
            cover: n < uncovered ? nil : "\(slug)/thumb/f\(i).jpg", bytes: n < dead + unsized ? nil : 10,
            dead: n < dead ? true : nil))
      }
    }
    return IssueCatalogue(
      generated: "2026-11-30", base: VintageAppleSection.base,
      series: slugs.sorted().map { Series(key: $0, name: $0, code: $0, language: "en") }, issues: issues)
  }

  let magazines = VintageAppleGroup.magazines.sections.map(\.slug)

  func failed(_ c: IssueCatalogue, _ t: VintageAppleRules.Thresholds) -> [String: Severity] {
    var out: [String: Severity] = [:]
    for f in ValidationReport.run(VintageAppleRules.rules(group: .magazines, t), on: c).findings {
      out[f.rule] = f.severity
    }
    return out
  }

  func testAHealthyShelfPasses() {
    XCTAssertEqual(failed(catalogue(magazines, perSection: 20), .init(minIssues: 120)), [:])
  }

  func testTooFewFilesIsAnErrorWithTheReferenceMessage() {
    let findings = ValidationReport.run(
      VintageAppleRules.rules(group: .magazines, .init(minIssues: 900)), on: catalogue(magazines, perSection: 20)
    ).findings
    XCTAssertEqual(findings.map(\.rule), ["threshold/minimum-issues"])
    XCTAssertEqual(findings.first?.message, "only 120 files, expected at least 900 — the parse or a section is broken")
  }

  func testAMissingSectionIsAThresholdFinding() {
    let c = catalogue(["byte", "softalk"], perSection: 5)
    let findings = ValidationReport.run(VintageAppleRules.rules(group: .magazines, .init(minIssues: 1)), on: c).findings
    XCTAssertEqual(findings.map(\.rule), ["threshold/every-section"])
    XCTAssertEqual(findings.first?.records, ["macworld", "macuser", "pcworld", "develop"])
  }

  func testABookSectionOnTheMagazineShelfIsAnError() {
    let c = catalogue(magazines + ["macbooks"], perSection: 2)
    XCTAssertEqual(failed(c, .init(minIssues: 1)), ["vintageapple/series-in-group": .error])
  }

  func testTheSizedShareCountsOnlyLiveFiles() {
    XCTAssertEqual(
      failed(catalogue(magazines, perSection: 20, dead: 12), .init(minIssues: 1)), ["vintageapple/dead-share": .warning]
    )
    XCTAssertEqual(
      failed(catalogue(magazines, perSection: 20, unsized: 13), .init(minIssues: 1)),
      ["vintageapple/sized-share": .error])
    XCTAssertEqual(failed(catalogue(magazines, perSection: 20, unsized: 12), .init(minIssues: 1)), [:])
  }

  func testEveryFileNeedsACover() {
    XCTAssertEqual(
      failed(catalogue(magazines, perSection: 20, uncovered: 1), .init(minIssues: 1)), ["vintageapple/cover": .error])
  }

  func testTheFloorFollowsThePreviousCatalogueOfTheGroup() {
    XCTAssertEqual(VintageAppleRules.Thresholds.minIssues(group: .magazines, previousCount: nil), 900)
    XCTAssertEqual(VintageAppleRules.Thresholds.minIssues(group: .books, previousCount: nil), 700)
    XCTAssertEqual(VintageAppleRules.Thresholds.minIssues(group: .books, previousCount: 848), 848 - 42)
  }
}
