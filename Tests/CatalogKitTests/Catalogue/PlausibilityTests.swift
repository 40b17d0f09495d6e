import BuildSupport
import CatalogKit
import Foundation
import XCTest

final class PlausibilityTests: XCTestCase {
  private func rules(_ c: IssueCatalogue, _ p: Plausibility) -> ValidationReport {
    ValidationReport.run(p.issueRules(), on: c)
  }

  func testRitamNumberedInt64MaxFailsEvenThoughEveryOtherRulePasses() {
    var c = CatalogueTestData.ritam()
    c.issues[1].title = "Ritam 9223372036854775807"
    c.issues[1].label = "9223372036854775807"
    XCTAssertEqual(ValidationReport.run(SharedRules.popboks(), on: c).errors, [], "the shared rules cannot see it")
    let built = ValidationReport.run(PopBoksRules.rules(magazine: .ritam, minimumIssues: 1), on: c)
    XCTAssertEqual(built.errors.map(\.rule), ["plausible/number"])
    XCTAssertEqual(built.errors.first?.records, ["156"])
    XCTAssertEqual(
      built.errors.first?.message,
      "1 record has issue numbers or labels outside 1…1000, implausible for popboks (156: Ritam 9223372036854775807)")
    let checked = CatalogueSet.Member(file: "popboks-ritam.json", catalogue: .popboks(c), sources: Sources.catalogues)
      .validate()
    XCTAssertEqual(checked.errors.map(\.rule), ["plausible/number"])
  }

  func testAnIssueNumberYearMonthPageCountOrSizeOutOfBoundsIsAnError() {
    var c = CatalogueTestData.retroSpec()
    c.issues[0].number = Int.max
    c.issues[1].year = 1850
    c.issues[2].month = 13
    c.issues[3].pages = 20_000
    c.issues[1].bytes = Int64.max
    let r = rules(c, RetroSpecRules.plausibility)
    XCTAssertEqual(
      r.findings.map(\.rule),
      ["plausible/number", "plausible/year", "plausible/month", "plausible/pages", "plausible/bytes"])
    XCTAssertTrue(r.findings.allSatisfy { $0.severity == .error })
    XCTAssertEqual(r.findings.map(\.records), [["SK_84_10"], ["SK_84_11"], ["SK_84_12"], ["RI_85_01"], ["SK_84_11"]])
  }

  func testTheLatestYearIsPassedInOrTakenFromTheBuildDateNeverFromTheClock() {
    var c = CatalogueTestData.retroSpec()
    c.generated = "2026-11-30"
    c.issues[0].year = 2027
    XCTAssertNil(rules(c, RetroSpecRules.plausibility).finding("plausible/year"), "next year's issue is on sale")
    c.issues[0].year = 2028
    XCTAssertNotNil(rules(c, RetroSpecRules.plausibility).finding("plausible/year"))
    XCTAssertNil(rules(c, RetroSpecRules.plausibility.latest(2030)).finding("plausible/year"))
    XCTAssertNotNil(rules(c, RetroSpecRules.plausibility.latest(2027)).finding("plausible/year"))
  }

  func testStripoviNumbersPagesIdsAndDateYearsAreBounded() {
    var c = CatalogueTestData.stripovi()
    c.comics[0].pages = 1_000_000
    c.comics[1].id = 0
    c.comics[2].date = "1.10.1811."
    let r = ValidationReport.run(StripoviRules.plausibility.stripoviRules(), on: c)
    XCTAssertEqual(r.errors.map(\.rule), ["plausible/pages", "plausible/id", "plausible/year"])
  }

  func testEverySourcesOwnRulesCarryThePlausibilityRules() {
    var c = CatalogueTestData.retroSpec()
    c.issues[0].bytes = 9_223_372_036_854_775_807
    let sets: [(String, [ValidationRule<IssueCatalogue>])] = [
      ("retrospec", RetroSpecRules.rules(thresholds: .init(minIssues: 1, maxDead: 9, minWithMetadata: 0), pages: [])),
      ("archive", ArchiveRules.rules(expectedIssues: 4)),
      ("spectrum", SpectrumRules.rules()),
      ("atarimania", AtarimaniaRules.rules(.init(minIssues: 1))),
      ("vintageapple", VintageAppleRules.rules(group: .magazines, .init(minIssues: 1))),
      ("bombjack", BombJackRules.rules(for: .books, in: [.books: c])),
    ]
    for (source, rules) in sets {
      let f = ValidationReport.run(rules, on: c).finding("plausible/bytes")
      XCTAssertEqual(f?.severity, .error, source)
      XCTAssertEqual(f?.records, ["SK_84_10"], source)
      XCTAssertTrue(f?.message.contains("implausible for \(source)") == true, source)
    }
    var comics = CatalogueTestData.stripovi()
    comics.comics[0].number = 9_999_999
    XCTAssertNotNil(ValidationReport.run(StripoviRules.rules(minimumComics: 1), on: comics).finding("plausible/number"))
  }

  func testDigitRunsSaturateInsteadOfOverflowing() {
    var c = CatalogueTestData.ritam()
    c.issues[0].label = "99999999999999999999999999/2"
    XCTAssertNotNil(
      ValidationReport.run(PopBoksRules.plausibility.popboksRules(), on: c).finding("plausible/number"))
  }

  func testTheReferenceCataloguesAreAllPlausible() throws {
    for url in try CatalogueTestData.referenceFiles() {
      let c = try CatalogueFile.decode([UInt8](try Data(contentsOf: url)), file: url.lastPathComponent)
      let report = CatalogueSet.Member(file: url.lastPathComponent, catalogue: c, sources: Sources.catalogues).validate(
        latestYear: 2027)
      XCTAssertEqual(report.findings.filter { $0.rule.hasPrefix("plausible/") }, [], url.lastPathComponent)
    }
  }
}

extension Plausibility {
  /// These bounds with `year` as the latest plausible one.
  fileprivate func latest(_ year: Int) -> Plausibility {
    var p = self
    p.latestYear = year
    return p
  }
}
