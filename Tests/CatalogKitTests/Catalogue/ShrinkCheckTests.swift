import CatalogKit
import XCTest

final class ShrinkCheckTests: XCTestCase {
  private func catalogue(_ n: Int) -> IssueCatalogue {
    IssueCatalogue(
      generated: "2026-11-30", base: "https://archive.org/download/", series: [Series(key: "s", name: "S", code: "")],
      issues: (1...n).map { Issue(id: "i\($0)", series: "s", number: $0, title: "\($0)", zip: "z\($0)") })
  }

  func testDroppingMoreThanFivePercentIsAnErrorNamingTheDroppedRecords() {
    let f = ShrinkCheck.compare(previous: catalogue(100), new: catalogue(94))
    XCTAssertEqual(f?.rule, "catalogue/shrink")
    XCTAssertEqual(f?.severity, .error)
    XCTAssertEqual(f?.count, 6)
    XCTAssertEqual(f?.records.first, "s/i95")
  }

  func testDroppingFivePercentOrLessPasses() {
    XCTAssertNil(ShrinkCheck.compare(previous: catalogue(100), new: catalogue(95)))
    XCTAssertNil(ShrinkCheck.compare(previous: catalogue(10), new: catalogue(12)))
  }

  func testAllowShrinkTurnsTheErrorIntoAWarning() {
    XCTAssertEqual(ShrinkCheck.compare(previous: catalogue(100), new: catalogue(50), allowed: true)?.severity, .warning)
  }

  func testRenamedRecordsCountAsDroppedEvenWhenTheCountStays() {
    var renamed = catalogue(20)
    for i in 0..<3 { renamed.issues[i].id += "-new" }
    XCTAssertEqual(ShrinkCheck.compare(previous: catalogue(20), new: renamed, limit: 0.1)?.count, 3)
  }
}
