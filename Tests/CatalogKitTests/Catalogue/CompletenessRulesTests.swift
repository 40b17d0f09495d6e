import CatalogKit
import XCTest

/// Every source's completeness floor is the shared `threshold/…` factory, so `--only` softens them all.
final class CompletenessRulesTests: XCTestCase {
  func testEverySourcesCountFloorIsAThresholdRule() {
    let c = CatalogueTestData.retroSpec()
    let floors: [(String, [ValidationRule<IssueCatalogue>])] = [
      ("retrospec", RetroSpecRules.rules(thresholds: .init(minIssues: 653, maxDead: 9, minWithMetadata: 0), pages: [])),
      ("atarimania", AtarimaniaRules.rules(.init(minIssues: 1500))),
      ("vintageapple", VintageAppleRules.rules(group: .magazines, .init(minIssues: 900))),
    ]
    for (source, rules) in floors {
      let failing = ValidationReport.run(rules, on: c).errors.filter { $0.message.hasPrefix("only 4 ") }
      XCTAssertEqual(failing.count, 1, source)
      XCTAssertTrue(failing.first?.rule.hasPrefix("threshold/") == true, "\(source): \(failing)")
    }
    let ritam = ValidationReport.run(
      PopBoksRules.rules(magazine: .ritam, minimumIssues: 25), on: CatalogueTestData.ritam())
    XCTAssertEqual(ritam.errors.map(\.rule), ["threshold/minimum-issues"], "not popboks/minimum-issues")
    XCTAssertEqual(ritam.errors.first?.message.hasPrefix("only 2 issues, expected at least 25 — "), true)
    let comics = ValidationReport.run(StripoviRules.rules(minimumComics: 31), on: CatalogueTestData.stripovi())
    XCTAssertEqual(comics.errors.map(\.rule), ["threshold/minimum-comics"])
  }

  func testNoSourceRuleOutsideThresholdsRefusesAShortButHealthyCatalogue() {
    // What `--only` leaves after softening `threshold/…`: a healthy one-issue subset must pass.
    var one = CatalogueTestData.ritam()
    one.issues.removeLast()
    let errors = ValidationReport.run(PopBoksRules.rules(magazine: .ritam, minimumIssues: 25), on: one).errors
    XCTAssertEqual(errors.filter { !$0.rule.hasPrefix("threshold/") }, [])
  }

  func testThePreviousFloorIsOneSharedRuleOfFivePercent() {
    XCTAssertEqual(SharedRules.previousFloor(previousCount: nil, reference: 1500), 1500)
    XCTAssertEqual(SharedRules.previousFloor(previousCount: 0, reference: 700), 700)
    XCTAssertEqual(SharedRules.previousFloor(previousCount: 1907, reference: 1500), 1907 - 95)
    XCTAssertEqual(SharedRules.previousFloor(previousCount: 10, reference: 1500), 9)
    XCTAssertEqual(
      AtarimaniaRules.Thresholds.minIssues(previousCount: 848),
      SharedRules.previousFloor(previousCount: 848, reference: 0))
    XCTAssertEqual(
      VintageAppleRules.Thresholds.minIssues(group: .books, previousCount: 848),
      SharedRules.previousFloor(previousCount: 848, reference: 0))
  }

  func testACountFloorCanAlsoBeStrict() {
    let more = SharedRules.countFloor("x", .moreThan(4)) { (_: IssueCatalogue) in "why" }
    XCTAssertEqual(more.name, "threshold/x")
    XCTAssertEqual(more.evaluate(CatalogueTestData.retroSpec())?.message, "only 4 issues, expected more than 4 — why")
    let least = SharedRules.countFloor("threshold/x", .atLeast(4)) { (_: IssueCatalogue) in "why" }
    XCTAssertEqual(least.name, "threshold/x")
    XCTAssertNil(least.evaluate(CatalogueTestData.retroSpec()))
  }
}
