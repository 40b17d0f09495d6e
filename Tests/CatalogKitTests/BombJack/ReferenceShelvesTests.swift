import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

/// The pure rules replayed over all 18,219 rows of the seven shipped reference files.
final class ReferenceShelvesTests: XCTestCase {
  func shipped() throws -> [(BombJackShelf, IssueCatalogue)] {
    try BombJackShelf.allCases.map { shelf in
      let url = try TestPaths.shared("reference-catalogs/\(shelf.fileName)")
      return (shelf, try JSONDecoder().decode(IssueCatalogue.self, from: Data(contentsOf: url)))
    }
  }

  func testEveryShippedFileSitsOnTheShelfItsAddressNames() throws {
    for (shelf, c) in try shipped() {
      for i in c.issues { XCTAssertEqual(BombJackShelf.of(zip: i.zip), shelf, i.zip) }
    }
  }

  func testIdsComeFromTheAddressExceptTheOneCollision() throws {
    var differ: [String] = []
    for (_, c) in try shipped() {
      for i in c.issues where i.series != "joystik" && BombJackCatalogueAssembly.id(forZip: i.zip) != i.id {
        differ.append(i.id)
      }
    }
    XCTAssertEqual(
      differ, ["commodore_commodore-software_files_CBM_Public_Domain_Series_C3_Binders_and_Disks_All_27-2"])
  }

  func testRunKeysFoldTheirNamesExceptTheOneCollision() throws {
    var differ: [String] = []
    for (_, c) in try shipped() {
      for s in c.series where s.key != BombJackRunName.fold(s.name).replacingOccurrences(of: " ", with: "-") {
        differ.append(s.key)
      }
    }
    XCTAssertEqual(differ, ["amiga-amiga-news-2"])
  }

  /// The reference read the month from an unordered map, so a title naming two months got either.
  /// Ours always takes the earliest; every other title dates the same.
  func testDatesAgreeExceptWhereTheReferencePickedALaterMonthOfTwo() throws {
    let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    var differ = 0
    var rows = 0
    for (_, c) in try shipped() {
      for i in c.issues where i.series != "joystik" {
        rows += 1
        let mine = BombJackIssueDate.read(i.title)
        guard mine != BombJackIssueDate(year: i.year, month: i.month) else { continue }
        differ += 1
        let lower = i.title.lowercased()
        let named = months.indices.filter { lower.contains(months[$0]) }.map { $0 + 1 }
        XCTAssertEqual(mine.year, i.year, i.title)
        XCTAssertGreaterThan(named.count, 1, i.title)
        XCTAssertTrue(i.month.map(named.contains) ?? false, i.title)
      }
    }
    XCTAssertEqual(rows, 18_209)
    XCTAssertEqual(differ, 297)
  }
}
