import XCTest

@testable import CatalogKit

final class ArchiveLocationTests: XCTestCase {
  func testTheIdentifierAndDecodedFileAreSplitOff() throws {
    let l = try ArchiveLocation.split("https://archive.org/download/eltebeoinformatico/El%20tebeo.pdf")
    XCTAssertEqual(l, ArchiveLocation(identifier: "eltebeoinformatico", file: "El tebeo.pdf"))
  }

  func testSpacesBecomeEscapesAndExistingEscapesAreNotDoubled() throws {
    let l = try ArchiveLocation.split("https://archive.org/download/id/My File%20(1).pdf")
    XCTAssertEqual(l.file, "My File (1).pdf")
  }

  func testAFileInASubFolderKeepsItsSlash() throws {
    let l = try ArchiveLocation.split("https://archive.org//download/id//dir/file.pdf")
    XCTAssertEqual(l, ArchiveLocation(identifier: "id", file: "dir/file.pdf"))
  }

  func testTheHostIsNotChecked() throws {
    XCTAssertEqual(try ArchiveLocation.split("http://ia800.us.archive.org/download/a/b.pdf").identifier, "a")
  }

  func testAnIdentifierWithoutAFileIsNotADownload() {
    XCTAssertThrowsError(try ArchiveLocation.split("https://archive.org/download/ComputerAndVideoGamesIssue001Nov81")) {
      error in
      XCTAssertEqual((error as? MaskError)?.reason, "not an archive.org download URL")
    }
  }

  func testAPathNotUnderDownloadIsRefused() {
    XCTAssertThrowsError(try ArchiveLocation.split("https://archive.org/details/id/file.pdf"))
  }

  func testARelativeExpansionIsAnUnknownTokenCarryingTheText() {
    XCTAssertThrowsError(try ArchiveLocation.split("/pub/sinclair/x.pdf")) { error in
      XCTAssertEqual(error as? MaskError, .unknownToken(mask: "/pub/sinclair/x.pdf", token: "/pub/sinclair/x.pdf"))
    }
  }

  func testExpandingAndSplittingTogether() throws {
    let l = try ArchiveLocation.expand(
      Mask("https://archive.org/download/crash-magazine-{i2}{s}{u-}/Crash_{i2}_{M3}_{y4}.pdf"),
      MaskFields(number: 1, year: 1984, month: 2))
    XCTAssertEqual(l, ArchiveLocation(identifier: "crash-magazine-01", file: "Crash_01_Feb_1984.pdf"))
  }
}
