import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class ArchiveItemReadableTests: XCTestCase {
  let url = URL(string: "https://archive.org/metadata/demo")!

  func readable(_ corpusFile: String) throws -> [String] {
    let item = try XCTUnwrap(try ArchiveLookup.decode(TestPaths.corpus("archiveorg/" + corpusFile), url: url).item)
    return item.readableFiles.map(\.name)
  }

  func testComicBooksRankBeforeDerivedTextPDFs() throws {
    try TestPaths.requireCorpus()
    XCTAssertEqual(
      try readable("zagor-137-dharma-la-strega-daim-press-1976-12.json"),
      [
        "Zagor 137 Dharma la strega (Daim Press 1976-12).cbr",
        "Zagor 137 Dharma la strega (Daim Press 1976-12).pdf",
      ])
  }

  func testTheScanPDFRanksBeforeItsTextPDF() throws {
    try TestPaths.requireCorpus()
    XCTAssertEqual(
      try readable("vc-op-zagor-007-povratak-vampira.json"),
      ["VC OP - Zagor - 007 - POVRATAK VAMPIRA.PDF", "VC OP - Zagor - 007 - POVRATAK VAMPIRA.pdf"])
    XCTAssertEqual(try readable("amiga-bilten-1.json"), ["Amiga Bilten 1.pdf", "Amiga Bilten 1_text.pdf"])
  }

  func testFilesOfOneKindAreOrderedByName() throws {
    try TestPaths.requireCorpus()
    XCTAssertEqual(
      try readable("transactor-for-the-amiga.json"),
      [
        "Transactor_for_the_Amiga_Vol_01_01_1988_Apr[ocr].pdf",
        "Transactor_for_the_Amiga_Vol_01_02_1988_Jun[ocr].pdf",
        "Transactor_for_the_Amiga_Vol_03_01_1989_Oct[ocr].pdf",
      ])
  }

  func testDerivedJP2AndEbookFilesAreNotReadable() throws {
    try TestPaths.requireCorpus()
    XCTAssertEqual(try readable("byte-magazine-1986-09.json"), ["1986_09_BYTE_11-09.pdf"])
    XCTAssertEqual(try readable("full/collapse00jare.json"), ["collapse00jare.pdf"])
  }

  func testSoftwareItemsAndImageOnlyItemsHaveNoReadableFiles() throws {
    try TestPaths.requireCorpus()
    XCTAssertEqual(try readable("wozaday_In_Search_of_the_Most_Amazing_Thing.json"), [])
    XCTAssertEqual(try readable("vc-lms-na-bis-003-teks-viler-indijanski-agent.json"), [])
    XCTAssertEqual(try readable("full/nasa.json"), [])
  }

  func testZeroByteAndMetadataFilesAreRefused() throws {
    let item = try XCTUnwrap(
      try ArchiveLookup.decode(TestPaths.fixtureBytes("ArchiveOrg/loose-fields.json"), url: url).item)
    XCTAssertEqual(
      item.readableFiles.map(\.name),
      ["odd-size.cbr", "Loose Fields Demo.pdf", "Loose Fields Demo_text.pdf", "sub dir/Inner [1].pdf"])
  }
}
