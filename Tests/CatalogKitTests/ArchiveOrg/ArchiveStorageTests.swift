import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class ArchiveStorageTests: XCTestCase {
  func testTheFullRealAnswerNamesItsStorageNode() throws {
    try TestPaths.requireCorpus()
    let url = URL(string: "https://archive.org/metadata/collapse00jare")!
    let item = try XCTUnwrap(
      try ArchiveLookup.decode(TestPaths.corpus("archiveorg/full/collapse00jare.json"), url: url).item)
    let storage = try XCTUnwrap(item.storage)
    XCTAssertEqual(storage.url(of: "collapse00jare_scandata.xml")?.host?.hasSuffix(".us.archive.org"), true)
    XCTAssertEqual(
      storage.url(of: "collapse00jare_scandata.xml")?.path, "/21/items/collapse00jare/collapse00jare_scandata.xml")
  }

  func testAServerOutsideArchiveOrgIsIgnored() {
    XCTAssertNil(ArchiveStorage(server: "evil.example.com", dir: "/1/items/x"))
    XCTAssertNil(ArchiveStorage(server: "ia1.us.archive.org", dir: "/1/items/../../etc"))
    XCTAssertNil(ArchiveStorage(server: nil, dir: "/1/items/x"))
  }

  func testFilesInSubFoldersKeepTheirSlashesOnTheNode() {
    let s = ArchiveStorage(server: "ia800.us.archive.org", dir: "/3/items/x/")
    XCTAssertEqual(
      s?.url(of: "sub dir/a b.xml")?.absoluteString, "https://ia800.us.archive.org/3/items/x/sub%20dir/a%20b.xml")
  }
}
