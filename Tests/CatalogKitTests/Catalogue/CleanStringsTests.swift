import CatalogKit
import XCTest

/// `strings/clean` (issue 18, item 9): no catalogue of any shape ships a string longer than the
/// ceiling or one holding a control character.
final class CleanStringsTests: XCTestCase {
  func testAControlCharacterOrAnOverlongTitleFailsInEveryShape() {
    var issues = CatalogueTestData.retroSpec()
    issues.issues[0].title = "Svet\u{0}Kompjutera"
    let f = ValidationReport.run(SharedRules.issue(numbering: .strict), on: issues).finding("strings/clean")
    XCTAssertEqual(f?.severity, .error)
    XCTAssertTrue(f?.message.contains("title holds the control character U+0000") == true, f?.message ?? "")
    XCTAssertEqual(f?.records, [issues.issues[0].id])

    issues = CatalogueTestData.retroSpec()
    issues.issues[1].title = String(repeating: "x", count: SharedRules.longestString + 1)
    XCTAssertTrue(
      ValidationReport.run(SharedRules.issue(numbering: .strict), on: issues).finding("strings/clean")?.message
        .contains("is longer than 4096 characters") == true)

    var ritam = CatalogueTestData.ritam()
    ritam.issues[0].label = "Ritam\u{85}1"
    XCTAssertNotNil(ValidationReport.run(SharedRules.popboks(), on: ritam).finding("strings/clean"), "C1 controls too")

    var comics = CatalogueTestData.stripovi()
    comics.comics[0].creators = "a\nb"
    XCTAssertNotNil(ValidationReport.run(SharedRules.stripovi(), on: comics).finding("strings/clean"))
  }

  func testAccentsAndLongRealTitlesPass() {
    var issues = CatalogueTestData.retroSpec()
    issues.issues[0].title = "Računari — " + String(repeating: "é", count: 1663)
    XCTAssertNil(ValidationReport.run(SharedRules.issue(numbering: .strict), on: issues).finding("strings/clean"))
  }
}
