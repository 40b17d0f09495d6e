import CatalogKit
import XCTest

final class CataloguePathTests: XCTestCase {
  /// The paths issue 11 item 12 found reaching catalogues, and the `zip` `catalog validate` accepted.
  static let climbing = [
    "byte/pdf/%2e%2e/%2e%2e/etc/passwd.pdf",
    "byte/pdf/..\\..\\boot.pdf",
    "byte/pdf/a%00b.pdf",
    "mags/pdf/..%2f..%2fetc%2fpasswd.pdf",
    "../../../../etc/passwd",
  ]

  func testEveryPathFromTheHardeningReportIsRefused() {
    for p in Self.climbing {
      XCTAssertNotNil(CataloguePath.problem(p, hosts: .standard), p)
    }
  }

  func testEachProblemIsNamedForWhatItIs() {
    XCTAssertEqual(CataloguePath.problem("../../../../etc/passwd", hosts: nil), .dotSegment("..", decoded: false))
    XCTAssertEqual(
      CataloguePath.problem("byte/pdf/%2e%2e/%2e%2e/etc/passwd.pdf", hosts: nil), .dotSegment("..", decoded: true))
    XCTAssertEqual(CataloguePath.problem("byte/pdf/..\\..\\boot.pdf", hosts: nil), .backslash(decoded: false))
    XCTAssertEqual(CataloguePath.problem("byte/pdf/a%00b.pdf", hosts: nil), .nul(decoded: true))
    XCTAssertEqual(
      CataloguePath.problem("mags/pdf/..%2f..%2fetc%2fpasswd.pdf", hosts: nil), .dotSegment("..", decoded: true))
    XCTAssertEqual(CataloguePath.problem("a/./b.pdf", hosts: nil), .dotSegment(".", decoded: false))
    XCTAssertEqual(CataloguePath.problem("a/%5c/b.pdf", hosts: nil), .backslash(decoded: true))
    XCTAssertEqual(CataloguePath.problem("a/b\u{7}.pdf", hosts: nil), .controlCharacter(7, decoded: false))
    XCTAssertEqual(CataloguePath.problem("a/b\nc.pdf", hosts: nil), .controlCharacter(10, decoded: false))
    XCTAssertEqual(CataloguePath.problem("/etc/passwd", hosts: nil), .rootedPath)
    XCTAssertEqual(CataloguePath.problem("file:///etc/passwd", hosts: nil), .scheme("file"))
  }

  func testDoubleEncodedDotsAreRefusedToo() {
    XCTAssertEqual(CataloguePath.problem("a/%252e%252e/b.pdf", hosts: nil), .dotSegment("..", decoded: true))
    XCTAssertEqual(CataloguePath.problem("a/%2500b.pdf", hosts: nil), .nul(decoded: true))
  }

  func testAnAbsoluteURLMustBeOnTheAllowedHostsAndHaveNoDotSegments() {
    XCTAssertNil(CataloguePath.problem("https://commodore.bombjack.org/commodore/a.pdf", hosts: .standard))
    XCTAssertEqual(
      CataloguePath.problem("https://evil.example/a.pdf", hosts: .standard), .url(.host("evil.example")))
    XCTAssertNil(CataloguePath.problem("https://evil.example/a.pdf", hosts: nil))
    XCTAssertEqual(
      CataloguePath.problem("https://archive.org/download/../../etc/passwd", hosts: .standard),
      .dotSegment("..", decoded: false))
    XCTAssertEqual(
      CataloguePath.problem("https://archive.org/download/x/%2E%2E/y", hosts: .standard),
      .dotSegment("..", decoded: true))
  }

  func testNamesThatMerelyContainDotsAreFine() {
    // The reference files hold these: two dots inside a name are not a segment.
    for p in [
      "mags/pdf/ST-Computer-1988-08..09.pdf",
      "macbooks/pdf/Welcome_To_..._The_Macintosh-_From_Mystery_to_Mastery_1993.pdf",
      "https://commodore.bombjack.org/c16-plus4/misc/Commodore_BASIC_3..5_Manual_V2.1.pdf", "a/.hidden/b.pdf",
      "SKH/ZIP/1984_10.zip", "a%20b/c%2Fd.pdf", "100%/x.pdf",
    ] {
      XCTAssertNil(CataloguePath.problem(p, hosts: .standard), p)
    }
  }

  func testTheSharedRuleRefusesAClimbingZipInEveryShapeNamingTheRecord() {
    for p in Self.climbing {
      var c = CatalogueTestData.retroSpec()
      c.issues[1].zip = p
      let f = ValidationReport.run(SharedRules.issue(), on: c).finding("paths/safe")
      XCTAssertEqual(f?.severity, .error, p)
      XCTAssertEqual(f?.records, ["SK_84_11"], p)
    }
    var cover = CatalogueTestData.retroSpec()
    cover.issues[0].cover = "SKH/COVER/%2e%2e/x.jpg"
    XCTAssertEqual(ValidationReport.run(SharedRules.issue(), on: cover).finding("paths/safe")?.records, ["SK_84_10"])

    var comics = CatalogueTestData.stripovi()
    comics.comics[1].dir = "webcomics/../../etc"
    comics.comics[2].prefix = "..\\x"
    let s = ValidationReport.run(SharedRules.stripovi(), on: comics).finding("paths/safe")
    XCTAssertEqual(s?.records, ["11", "14"])

    var ritam = CatalogueTestData.ritam()
    ritam.magazine = ".."
    XCTAssertEqual(ValidationReport.run(SharedRules.popboks(), on: ritam).finding("paths/safe")?.severity, .error)
  }

  func testTheMessageQuotesTheFirstPathAndWhy() {
    var c = CatalogueTestData.retroSpec()
    c.issues[0].zip = "../../../../etc/passwd"
    XCTAssertEqual(
      ValidationReport.run(SharedRules.issue(), on: c).finding("paths/safe")?.message,
      "1 record has a path that could leave the download folder (SK_84_10: zip '../../../../etc/passwd' has a '..' segment)"
    )
  }
}
