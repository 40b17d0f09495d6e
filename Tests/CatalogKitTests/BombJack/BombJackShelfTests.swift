import XCTest

@testable import CatalogKit

final class BombJackShelfTests: XCTestCase {
  let site = "https://commodore.bombjack.org/"

  func testMagazinesSplitByPlatformWords() {
    XCTAssertEqual(BombJackShelf.of(zip: site + "magazines/commodore/ahoy/a.zip"), .commodoreMagazines)
    XCTAssertEqual(BombJackShelf.of(zip: site + "magazines/vic-20/vic-computing/a.zip"), .commodoreMagazines)
    XCTAssertEqual(BombJackShelf.of(zip: site + "magazines/amiga-other/x/a.zip"), .amigaMagazines)
    XCTAssertEqual(
      BombJackShelf.of(zip: site + "magazines/generic/the-dragon/Dragon%20Magazine%20%23001.zip"), .otherMagazines)
  }

  func testSpacesSplitWordsSoMagazinesAndBooksIsAMagazine() {
    XCTAssertEqual(
      BombJackShelf.of(
        zip: "https://arcarc.xmission.com/Magazines%20and%20Books/Joystik%20Magazines%20(10%20Issues)/J.pdf"),
      .otherMagazines)
  }

  func testNewslettersComeBeforeHardwareAndApplicationsCountAsHardware() {
    XCTAssertEqual(BombJackShelf.of(zip: site + "commodore/newsletters/x/a.pdf"), .other)
    XCTAssertEqual(BombJackShelf.of(zip: site + "commodore/applications/a.pdf"), .hardware)
    XCTAssertEqual(BombJackShelf.of(zip: site + "books/commodore/books/a.zip"), .books)
    XCTAssertEqual(BombJackShelf.of(zip: site + "commodore/games-cassette/a.pdf"), .games)
    XCTAssertEqual(BombJackShelf.of(zip: site + "other/epson-hx-20/a.pdf"), .other)
  }

  func testFilesAreNamedForTheShelf() {
    XCTAssertEqual(BombJackShelf.allCases.map(\.fileName).first, "bombjack-commodoreMagazines.json")
    XCTAssertEqual(BombJackShelf.hardware.label, "Hardware Manuals")
  }
}
