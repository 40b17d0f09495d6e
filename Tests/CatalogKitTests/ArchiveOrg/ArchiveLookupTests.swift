import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class ArchiveLookupTests: XCTestCase {
  let url = URL(string: "https://archive.org/metadata/demo")!

  func lookup(_ fixture: String) throws -> ArchiveLookup {
    try ArchiveLookup.decode(TestPaths.fixtureBytes("ArchiveOrg/" + fixture), url: url)
  }

  func testAnEmptyObjectMeansNoSuchItem() throws {
    XCTAssertEqual(try lookup("no-such-item.json"), .noSuchItem)
    XCTAssertEqual(try ArchiveLookup.decode([], url: url), .noSuchItem)
    XCTAssertEqual(try ArchiveLookup.decode(Array(" \n".utf8), url: url), .noSuchItem)
  }

  func testADarkItemIsItsOwnState() throws {
    XCTAssertEqual(try lookup("dark-item.json"), .dark(identifier: "darkened-scan"))
  }

  func testAnHTMLErrorPageIsNotReadAsMissing() {
    XCTAssertThrowsError(try ArchiveLookup.decode(Array("<html>502</html>".utf8), url: url)) { e in
      XCTAssertEqual("\(e)", "https://archive.org/metadata/demo: the metadata answer is not JSON")
    }
  }

  func testMetadataWithoutAnIdentifierIsAnError() {
    XCTAssertThrowsError(try ArchiveLookup.decode(Array(#"{"metadata":{"title":"x"}}"#.utf8), url: url)) { e in
      XCTAssertEqual(e as? ArchiveError, .noIdentifier(url: url))
    }
  }

  func testLooseFieldsReadStringsArraysAndIntegers() throws {
    let item = try XCTUnwrap(try lookup("loose-fields.json").item)
    let m = item.metadata
    XCTAssertEqual(m.identifier, "loose-fields-demo")
    XCTAssertEqual(m.title, "Loose Fields Demo")
    XCTAssertEqual(m.first("date"), "1991")
    XCTAssertEqual(m.date, ArchiveDate(year: 1991))
    XCTAssertEqual(m.mediatype, "texts")
    XCTAssertEqual(m.subjects, ["single subject"])
    XCTAssertEqual(m.values("language"), ["srp", "7"])
    XCTAssertEqual(m.values("volume"), ["3"])
    XCTAssertEqual(m.values("noindex"), [])
    XCTAssertEqual(m.values("rating"), [])
    XCTAssertEqual(m.values("description"), [])
  }

  func testFilesReadSizeSourceAndDropNamelessEntries() throws {
    let item = try XCTUnwrap(try lookup("loose-fields.json").item)
    XCTAssertEqual(item.files.count, 6)
    XCTAssertEqual(item.files[0].size, 1_200_345)
    XCTAssertEqual(item.files[0].md5, "0123456789abcdef0123456789abcdef")
    XCTAssertEqual(item.files[0].mtime, "1600000000")
    XCTAssertEqual(item.files[1].source, .derivative)
    XCTAssertEqual(item.files[2].name, "sub dir/Inner [1].pdf")
    XCTAssertEqual(item.files[2].size, 2048)
    XCTAssertEqual(item.files[2].source, .original)
    XCTAssertEqual(item.files[4].size, nil, "12kB is not a string of digits")
    XCTAssertEqual(item.files[4].source, .original, "unknown sources count as original")
    XCTAssertEqual(item.files[5].source, .metadata)
  }

  func testAnItemWithoutTitleIsTitledByItsIdentifier() throws {
    let item = try XCTUnwrap(
      try ArchiveLookup.decode(Array(#"{"metadata":{"identifier":"bare","title":"  "}}"#.utf8), url: url).item)
    XCTAssertEqual(item.metadata.title, "bare")
    XCTAssertEqual(item.files, [])
  }

  func testA4xxAnswerMeansNoSuchItemAndOtherStatusesAreErrors() throws {
    XCTAssertEqual(try ArchiveLookup.decode(status: 404, body: [], url: url), .noSuchItem)
    XCTAssertEqual(try ArchiveLookup.decode(status: 403, body: Array("denied".utf8), url: url), .noSuchItem)
    XCTAssertEqual(try ArchiveLookup.decode(status: 200, body: Array("{}".utf8), url: url), .noSuchItem)
    XCTAssertThrowsError(try ArchiveLookup.decode(status: 302, body: [], url: url)) { e in
      XCTAssertEqual("\(e)", "https://archive.org/metadata/demo: answered HTTP 302")
    }
  }

  func testNoSuchItemWithCapitalsIsRetriedOnceInLowercase() {
    XCTAssertEqual(ArchiveLookup.noSuchItem.retryIdentifier(for: "ZX-Mag_01"), "zx-mag_01")
    XCTAssertNil(ArchiveLookup.noSuchItem.retryIdentifier(for: "zx-mag_01"))
    XCTAssertNil(ArchiveLookup.dark(identifier: "X").retryIdentifier(for: "X"))
  }

  // MARK: the saved real answers

  func testTheRealAmigaBiltenAnswerNamesItsScanAndScandata() throws {
    let bytes = try TestPaths.corpus("archiveorg/amiga-bilten-1.json")
    let item = try XCTUnwrap(try ArchiveLookup.decode(bytes, url: url).item)
    XCTAssertEqual(item.metadata.title, "Amiga Bilten 1")
    XCTAssertEqual(item.metadata.first("creator"), "Almir Mulabećirović & Elmir Husetović")
    XCTAssertEqual(item.metadata.date, ArchiveDate(year: 1988, month: 9))
    XCTAssertEqual(item.scan?.name, "Amiga Bilten 1.pdf")
    XCTAssertEqual(item.scan?.size, 7_174_738)
    XCTAssertEqual(item.scandata?.name, "Amiga Bilten 1_scandata.xml")
    XCTAssertTrue(item.files.allSatisfy { $0.source == .original }, "no source field means original")
  }

  func testTheRealSyntheticOddOneReadsArraysAsFirstValues() throws {
    let bytes = try TestPaths.corpus("archiveorg/synthetic/odd-one.json")
    let item = try XCTUnwrap(try ArchiveLookup.decode(bytes, url: url).item)
    XCTAssertEqual(item.metadata.title, "First")
    XCTAssertEqual(item.metadata.subjects, ["one tag"])
    XCTAssertEqual(item.metadata.date, ArchiveDate(year: 1979, month: 4))
  }

  func testTheRealNoTitleAnswerFallsBackToTheIdentifier() throws {
    let bytes = try TestPaths.corpus("archiveorg/synthetic/no-title-at-all.json")
    let item = try XCTUnwrap(try ArchiveLookup.decode(bytes, url: url).item)
    XCTAssertEqual(item.metadata.title, "no-title-at-all")
    XCTAssertNil(item.metadata.date)
    XCTAssertNil(item.scan)
  }

  func testTheFullRealAnswersDecodeWithEveryFile() throws {
    for (name, files, mediatype) in [
      ("collapse00jare", 26, "texts"), ("easterislandisla00dosp", 23, "texts"), ("nasa", 6, "collection"),
    ] {
      let bytes = try TestPaths.corpus("archiveorg/full/\(name).json")
      let item = try XCTUnwrap(try ArchiveLookup.decode(bytes, url: url).item, name)
      XCTAssertEqual(item.identifier, name)
      XCTAssertEqual(item.files.count, files, name)
      XCTAssertEqual(item.metadata.mediatype, mediatype, name)
    }
  }

  func testTheRealAnswersWithoutAScanPDFHaveNoScan() throws {
    try TestPaths.requireCorpus()
    for name in ["byte-magazine-1986-09", "transactor-for-the-amiga", "zagor-137-dharma-la-strega-daim-press-1976-12"] {
      let item = try XCTUnwrap(try ArchiveLookup.decode(TestPaths.corpus("archiveorg/\(name).json"), url: url).item)
      XCTAssertNil(item.scan, name)
    }
    let zagor = try XCTUnwrap(
      try ArchiveLookup.decode(TestPaths.corpus("archiveorg/vc-op-zagor-007-povratak-vampira.json"), url: url).item)
    XCTAssertEqual(zagor.scan?.name, "VC OP - Zagor - 007 - POVRATAK VAMPIRA.PDF")
    XCTAssertNil(zagor.scandata)
  }
}
