import XCTest

@testable import CatalogKit

final class RetroSpecTitleTests: XCTestCase {
  func testWithoutInfoTheLabelIsTheTitle() {
    XCTAssertEqual(RetroSpecTitle.title(label: "1986 - 05", info: nil), "1986 - 05")
  }

  func testABookKeepsItsIndexNameWithDiacritics() {
    let info = RetroSpecMagshow(seriesName: "Spektrum Priru?nik", pageCount: 261)
    XCTAssertEqual(RetroSpecTitle.title(label: "Spektrum Priručnik", info: info), "Spektrum Priručnik")
  }

  func testAYearWithoutMonthTextIsTheYear() {
    let info = RetroSpecMagshow(seriesName: "Mala Ra?unala", year: 1985, monthText: "")
    XCTAssertEqual(RetroSpecTitle.title(label: "1985 - 01", info: info), "1985")
  }

  func testTheMonthTextStaysInThePrintedLanguage() {
    let info = RetroSpecMagshow(seriesName: "Warp", year: 1997, monthText: "Svibanj-Maj")
    XCTAssertEqual(RetroSpecTitle.title(label: "1997 - 05", info: info), "Svibanj-Maj 1997")
  }

  func testDamagedCroatianMonthsAreRepaired() {
    XCTAssertEqual(RetroSpecTitle.repairMonth("Velja?a/Februar"), "Veljača/Februar")
    XCTAssertEqual(RetroSpecTitle.repairMonth("Sije?anj"), "Siječanj")
    XCTAssertEqual(RetroSpecTitle.repairMonth("Tra?anj"), "Tra?anj", "only the two known names are repaired")
  }
}
