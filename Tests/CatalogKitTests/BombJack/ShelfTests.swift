import XCTest

@testable import CatalogKit

final class ShelfTests: XCTestCase {
  let site = "https://commodore.bombjack.org/"

  func testMagazinesSplitByPlatformWords() {
    XCTAssertEqual(Shelf.of(zip: site + "magazines/commodore/ahoy/a.zip"), .commodoreMagazines)
    XCTAssertEqual(Shelf.of(zip: site + "magazines/vic-20/vic-computing/a.zip"), .commodoreMagazines)
    XCTAssertEqual(Shelf.of(zip: site + "magazines/amiga-other/x/a.zip"), .amigaMagazines)
    XCTAssertEqual(Shelf.of(zip: site + "magazines/generic/the-dragon/Dragon%20Magazine%20%23001.zip"), .otherMagazines)
  }

  func testSpacesSplitWordsSoMagazinesAndBooksIsAMagazine() {
    XCTAssertEqual(
      Shelf.of(zip: "https://arcarc.xmission.com/Magazines%20and%20Books/Joystik%20Magazines%20(10%20Issues)/J.pdf"),
      .otherMagazines)
  }

  func testNewslettersComeBeforeHardwareAndApplicationsCountAsHardware() {
    XCTAssertEqual(Shelf.of(zip: site + "commodore/newsletters/x/a.pdf"), .other)
    XCTAssertEqual(Shelf.of(zip: site + "commodore/applications/a.pdf"), .hardware)
    XCTAssertEqual(Shelf.of(zip: site + "books/commodore/books/a.zip"), .books)
    XCTAssertEqual(Shelf.of(zip: site + "commodore/games-cassette/a.pdf"), .games)
    XCTAssertEqual(Shelf.of(zip: site + "other/epson-hx-20/a.pdf"), .other)
  }

  func testFilesAreNamedForTheShelf() {
    XCTAssertEqual(Shelf.allCases.map(\.fileName).first, "bombjack-commodoreMagazines.json")
    XCTAssertEqual(Shelf.hardware.label, "Hardware Manuals")
  }
}
