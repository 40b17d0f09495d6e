import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class ArchivePathTests: XCTestCase {
  func testSpacesAndBracketsArePercentEncodedWithUppercaseHex() {
    XCTAssertEqual(ArchivePath.encode("a b[1]"), "a%20b%5B1%5D")
    XCTAssertEqual(ArchivePath.encode("100%"), "100%25")
  }

  func testSubPathPunctuationStaysLiteral() {
    XCTAssertEqual(ArchivePath.encode("My File (1).pdf"), "My%20File%20(1).pdf")
    XCTAssertEqual(ArchivePath.encode("!$&'()*+,-.:;=@_~"), "!$&'()*+,-.:;=@_~")
  }

  func testASlashBecomesPercent2FBecauseTheEncoderWorksOnOneComponent() {
    XCTAssertEqual(ArchivePath.encode("dir/file.pdf"), "dir%2Ffile.pdf")
  }

  func testNonASCIIBecomesItsUTF8Bytes() {
    XCTAssertEqual(ArchivePath.encode("Mulabećirović"), "Mulabe%C4%87irovi%C4%87")
  }

  func testQuestionMarksAndHashesAreEncodedSoTheyCannotStartAQuery() {
    XCTAssertEqual(ArchivePath.encode("what?#x"), "what%3F%23x")
  }

  func testCatalogueAddressesFollowTheDownloadForm() {
    XCTAssertEqual(
      ArchivePath.file(identifier: "amiga-bilten-1", name: "Amiga Bilten 1.pdf"),
      "amiga-bilten-1/Amiga%20Bilten%201.pdf")
    XCTAssertEqual(ArchivePath.cover(identifier: "amiga-bilten-1"), "amiga-bilten-1/page/n0_w1024.jpg")
    XCTAssertEqual(ArchivePath.thumb(identifier: "amiga-bilten-1"), "amiga-bilten-1/__ia_thumb.jpg")
    XCTAssertEqual(
      ArchivePath.metadataURL(identifier: "a b")?.absoluteString, "https://archive.org/metadata/a%20b")
    XCTAssertEqual(
      ArchivePath.downloadURL(identifier: "x", name: "x_scandata.xml")?.absoluteString,
      "https://archive.org/download/x/x_scandata.xml")
  }
}
