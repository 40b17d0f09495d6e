import XCTest

@testable import CatalogKit

final class SpectrumArchiveLocationTests: XCTestCase {
  func testTheIdentifierAndDecodedFileAreSplitOff() throws {
    let l = try SpectrumArchiveLocation.split("https://archive.org/download/eltebeoinformatico/El%20tebeo.pdf")
    XCTAssertEqual(l, SpectrumArchiveLocation(identifier: "eltebeoinformatico", file: "El tebeo.pdf"))
  }

  func testSpacesBecomeEscapesAndExistingEscapesAreNotDoubled() throws {
    let l = try SpectrumArchiveLocation.split("https://archive.org/download/id/My File%20(1).pdf")
    XCTAssertEqual(l.file, "My File (1).pdf")
  }

  func testAFileInASubFolderKeepsItsSlash() throws {
    let l = try SpectrumArchiveLocation.split("https://archive.org//download/id//dir/file.pdf")
    XCTAssertEqual(l, SpectrumArchiveLocation(identifier: "id", file: "dir/file.pdf"))
  }

  func testTheHostIsNotChecked() throws {
    XCTAssertEqual(try SpectrumArchiveLocation.split("http://ia800.us.archive.org/download/a/b.pdf").identifier, "a")
  }

  func testAnIdentifierWithoutAFileIsNotADownload() {
    XCTAssertThrowsError(
      try SpectrumArchiveLocation.split("https://archive.org/download/ComputerAndVideoGamesIssue001Nov81")
    ) {
      error in
      XCTAssertEqual((error as? SpectrumMaskError)?.reason, "not an archive.org download URL")
    }
  }

  func testAPathNotUnderDownloadIsRefused() {
    XCTAssertThrowsError(try SpectrumArchiveLocation.split("https://archive.org/details/id/file.pdf"))
  }

  func testARelativeExpansionIsAnUnknownTokenCarryingTheText() {
    XCTAssertThrowsError(try SpectrumArchiveLocation.split("/pub/sinclair/x.pdf")) { error in
      XCTAssertEqual(
        error as? SpectrumMaskError, .unknownToken(mask: "/pub/sinclair/x.pdf", token: "/pub/sinclair/x.pdf"))
    }
  }

  func testExpandingAndSplittingTogether() throws {
    let l = try SpectrumArchiveLocation.expand(
      SpectrumMask("https://archive.org/download/crash-magazine-{i2}{s}{u-}/Crash_{i2}_{M3}_{y4}.pdf"),
      SpectrumMaskFields(number: 1, year: 1984, month: 2))
    XCTAssertEqual(l, SpectrumArchiveLocation(identifier: "crash-magazine-01", file: "Crash_01_Feb_1984.pdf"))
  }
}
