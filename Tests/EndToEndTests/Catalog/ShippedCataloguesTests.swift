import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `catalogs/`: the shipped catalogues every build compares itself with and writes over. They must
/// stay the 18 files of the list, in the canonical encoding, and pass `catalog check`.
final class ShippedCataloguesTests: XCTestCase {
  private var folder: URL { TestPaths.packageRoot.appendingPathComponent("catalogs") }

  func testTheFolderHoldsExactlyTheEighteenListedCatalogues() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
    XCTAssertEqual(Set(names), Set(Sources.catalogues.files.map(\.file)))
  }

  /// A file our encoder would write differently shows up as a spurious change in the first rebuild's
  /// diff (every byte of a whitespace change); canonical files make that diff the real one.
  func testEveryShippedCatalogueIsInTheCanonicalEncoding() throws {
    for entry in Sources.catalogues.files {
      let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(entry.file)))
      let decoded = try CatalogueFile.decode(bytes, file: entry.file)
      XCTAssertTrue(try decoded.encoded() == bytes, "\(entry.file) is not in the canonical encoding")
    }
  }

  func testCatalogCheckPassesOnTheShippedFolder() throws {
    let r = try Tool.run("catalog", ["check", "catalogs"], in: TestPaths.packageRoot)
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    XCTAssertTrue(r.stdout.hasPrefix("18 catalogues in catalogs: 18 pass, 0 fail"), r.stdout)
  }
}
