import BuildSupport
import CatalogKit
import XCTest

final class SharedRulesTests: XCTestCase {
  private func report(_ c: IssueCatalogue, _ numbering: SharedRules.Numbering = .strict) -> ValidationReport {
    ValidationReport.run(SharedRules.issue(numbering: numbering), on: c)
  }

  func testAValidCatalogueHasNoFindings() {
    XCTAssertEqual(report(CatalogueTestData.retroSpec()).findings, [])
    XCTAssertEqual(ValidationReport.run(SharedRules.popboks(), on: CatalogueTestData.ritam()).findings, [])
    XCTAssertEqual(ValidationReport.run(SharedRules.stripovi(), on: CatalogueTestData.stripovi()).findings, [])
  }

  func testAForeignDownloadHostFailsTheHostRuleNamingTheIssue() {
    var c = CatalogueTestData.retroSpec()
    c.base = ""
    c.issues = c.issues.map { i in
      var i = i
      i.zip = "https://retrospec.elite.org/pcsux/" + i.zip
      i.cover = nil
      return i
    }
    c.issues[1].zip = "https://www.mediafire.com/file/x.zip"
    let f = report(c).finding("issues/download-host")
    XCTAssertEqual(f?.severity, .error)
    XCTAssertEqual(f?.records, ["SK_84_11"])
    XCTAssertEqual(f?.message, "1 download URL is refused: host www.mediafire.com is not on the download allowlist")
  }

  func testADuplicateIdFailsTheUniqueIdRule() {
    var c = CatalogueTestData.retroSpec()
    c.issues[3].id = "SK_84_10"
    let f = report(c).finding("issues/unique-id")
    XCTAssertEqual(f?.records, ["SK_84_10"])
    XCTAssertEqual(f?.severity, .error)
  }

  func testAGapInNumberingFailsStrictNumberingButNotGapsAllowed() {
    var c = CatalogueTestData.retroSpec()
    c.issues[2].number = 5
    let f = report(c).finding("issues/numbering")
    XCTAssertEqual(f?.records, ["SK"])
    XCTAssertEqual(f?.message, "1 series is not numbered exactly 1…n: SK (missing 3, 4)")
    XCTAssertNil(report(c, .gapsAllowed).finding("issues/numbering"))
  }

  func testADuplicateNumberFailsEvenWhenGapsAreAllowed() {
    var c = CatalogueTestData.retroSpec()
    c.issues[2].number = 2
    XCTAssertEqual(
      report(c, .gapsAllowed).finding("issues/numbering")?.message,
      "1 series is not numbered with unique positive numbers: SK (2 twice)")
  }

  func testAMissingSeriesFailsTheKnownSeriesRuleNamingTheIssues() {
    var c = CatalogueTestData.retroSpec()
    c.series.removeLast()
    let f = report(c).finding("issues/known-series")
    XCTAssertEqual(f?.records, ["RI_85_01"])
    XCTAssertEqual(f?.message, "1 issue names a series missing from the series block (RI); the app skips them")
  }

  func testAnAbsoluteZipUnderANonEmptyBaseFailsTheRelativePathRule() {
    var c = CatalogueTestData.retroSpec()
    c.issues[0].zip = "https://retrospec.elite.org/pcsux/SKH/ZIP/1984_10.zip"
    let r = report(c)
    XCTAssertEqual(r.finding("issues/relative-paths")?.records, ["SK_84_10"])
  }

  func testDeadRowsMustNotCarryBytesAndLiveRowsShouldCarryThem() {
    var c = CatalogueTestData.retroSpec()
    c.issues[2].bytes = 10
    c.issues[3].bytes = nil
    let r = report(c)
    XCTAssertEqual(r.finding("issues/dead-has-no-bytes")?.records, ["SK_84_12"])
    XCTAssertEqual(r.finding("issues/live-has-bytes")?.severity, .warning)
    XCTAssertEqual(r.finding("issues/live-has-bytes")?.records, ["RI_85_01"])
  }

  func testDeadFalseIsRefusedBecauseOnlyTrueIsWritten() {
    var c = CatalogueTestData.retroSpec()
    c.issues[0].dead = false
    XCTAssertEqual(report(c).finding("issues/dead-written-as-true")?.records, ["SK_84_10"])
  }

  func testAnEarlierDateAfterAHigherNumberIsAChronologyWarning() {
    var c = CatalogueTestData.retroSpec()
    c.issues[1].year = 1983
    let f = report(c).finding("issues/chronology")
    XCTAssertEqual(f?.severity, .warning)
    XCTAssertEqual(f?.records, ["SK_84_11"])
    XCTAssertNil(
      ValidationReport.run(SharedRules.issue(chronology: false), on: c).finding("issues/chronology"))
  }

  func testAnUndatedRowBeforeADatedOneBreaksChronology() {
    var c = CatalogueTestData.retroSpec()
    c.issues[0].year = nil
    c.issues[0].month = nil
    XCTAssertEqual(report(c).finding("issues/chronology")?.records, ["SK_84_11", "SK_84_12"])
  }

  func testEmptyTitlesEmptySeriesAndBadDatesAreErrors() {
    var c = CatalogueTestData.retroSpec()
    c.issues[0].title = "  "
    c.generated = "2026-02-30"
    let r = report(c)
    XCTAssertEqual(r.finding("issues/title-not-empty")?.records, ["SK_84_10"])
    XCTAssertNotNil(r.finding("catalogue/generated-date"))
    c.series = []
    c.issues = []
    let empty = report(c)
    XCTAssertNotNil(empty.finding("series/not-empty"))
    XCTAssertNotNil(empty.finding("issues/not-empty"))
  }

  func testTwoIssuesSharingAZipFailTheUniqueZipRule() {
    var c = CatalogueTestData.retroSpec()
    c.issues[1].zip = c.issues[0].zip
    XCTAssertEqual(report(c).finding("issues/unique-zip")?.records, ["SK_84_11"])
  }

  func testACoverThatIsNotAWebURLFailsTheCoverRule() {
    var c = CatalogueTestData.retroSpec()
    c.base = ""
    c.issues = c.issues.map { i in
      var i = i
      i.zip = "https://retrospec.elite.org/pcsux/" + i.zip
      i.cover = i.cover.map { "http://bombjack.org/" + $0 }
      return i
    }
    XCTAssertNil(report(c).finding("issues/cover-url"), "covers may use other hosts and http")
    c.issues[0].cover = "ftp://example.org/c.jpg"
    XCTAssertEqual(report(c).finding("issues/cover-url")?.records, ["SK_84_10"])
  }

  func testThresholdFactoriesCountAndShare() {
    let c = CatalogueTestData.retroSpec()
    let min: ValidationRule<IssueCatalogue> = SharedRules.minimumIssues(5)
    XCTAssertEqual(min.evaluate(c)?.rule, "threshold/minimum-count")
    XCTAssertNil((SharedRules.minimumIssues(4) as ValidationRule<IssueCatalogue>).evaluate(c))
    XCTAssertNotNil(SharedRules.maximumDeadShare(0.2).evaluate(c), "1 of 4 is 25%")
    XCTAssertNil(SharedRules.maximumDeadShare(0.25).evaluate(c))
    XCTAssertNotNil(SharedRules.maximumDead(0).evaluate(c))
    let sized = SharedRules.minimumSizedShare(0.9).evaluate(c)
    XCTAssertEqual(sized?.message, "only 3 of 4 issues have a size (75.0%), expected at least 90.0%")
    XCTAssertEqual(sized?.records, ["SK_84_12"])
    XCTAssertNil(SharedRules.minimumSizedShare(0.9, of: .live).evaluate(c), "the dead row is not counted")
    let covers = SharedRules.minimumShare("cover-share", "have a cover", 0.9) { $0.cover != nil }
    XCTAssertEqual(covers.name, "threshold/cover-share")
    XCTAssertEqual(covers.evaluate(c)?.records, ["RI_85_01"])
  }

  func testRitamMustBeNumberedOneToNAndDzuboksNumbersEqualIds() {
    var ritam = CatalogueTestData.ritam()
    ritam.issues[1].number = 3
    XCTAssertEqual(
      ValidationReport.run(SharedRules.popboks(), on: ritam).finding("issues/numbering")?.message,
      "Ritam is not numbered exactly 1…n: missing 2")
    var dzuboks = CatalogueTestData.ritam()
    dzuboks.magazine = "dzuboks"
    dzuboks.issues[0].number = 155
    let r = ValidationReport.run(SharedRules.popboks(), on: dzuboks)
    XCTAssertEqual(r.finding("issues/numbering")?.records, ["156"])
  }

  func testPopBoksIssuesWithoutTilesOrPagesFail() {
    var c = CatalogueTestData.ritam()
    c.issues[0].columns = 0
    c.issues[1].pages = 0
    c.magazine = "jukebox"
    let r = ValidationReport.run(SharedRules.popboks(), on: c)
    XCTAssertEqual(r.finding("issues/tiles")?.records, ["155"])
    XCTAssertEqual(r.finding("issues/pages")?.records, ["156"])
    XCTAssertNotNil(r.finding("popboks/magazine"))
  }

  func testStripoviStandaloneComicsAreNumberOneAndRunsAreOneToK() {
    var c = CatalogueTestData.stripovi()
    c.comics[0].number = 2
    c.comics[2].number = 3
    let r = ValidationReport.run(SharedRules.stripovi(), on: c)
    XCTAssertEqual(r.finding("comics/standalone-number")?.records, ["2"])
    XCTAssertEqual(r.finding("comics/numbering")?.records, ["Niz"])
  }

  func testStripoviPageAddressesKeepAmpersandsAndHaveNoQuery() throws {
    let c = CatalogueTestData.stripovi()
    let url = try XCTUnwrap(StripoviPage.url(base: c.base, comic: c.comics[0], page: 3))
    XCTAssertEqual(url.absoluteString, "https://www.stripovi.com/webcomics/lumen&kremen/lumen&kremen103.jpg")
    XCTAssertNil(StripoviPage.url(base: c.base, comic: c.comics[0], page: 0))
    XCTAssertNil(StripoviPage.url(base: c.base, comic: c.comics[0], page: 17))
    var odd = c.comics[0]
    odd.prefix = "a?b#"
    XCTAssertEqual(
      StripoviPage.url(base: c.base, comic: odd, page: 1)?.absoluteString,
      "https://www.stripovi.com/webcomics/lumen&kremen/a%3Fb%2301.jpg")
  }

  func testEveryReferenceCatalogueHasNoErrors() throws {
    for url in try CatalogueTestData.referenceFiles() {
      let c = try CatalogueFile.decode([UInt8](try Data(contentsOf: url)), file: url.lastPathComponent)
      let report = CatalogueSet.Member(file: url.lastPathComponent, catalogue: c, sources: Sources.catalogues)
        .validate()
      XCTAssertEqual(report.errors, [], url.lastPathComponent)
    }
  }
}
