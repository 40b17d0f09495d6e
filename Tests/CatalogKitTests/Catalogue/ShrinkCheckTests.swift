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

  private func twoSeries(_ a: Int, _ b: Int) -> IssueCatalogue {
    IssueCatalogue(
      generated: "2026-11-30", base: "https://archive.org/download/",
      series: [Series(key: "a", name: "A", code: ""), Series(key: "b", name: "B", code: "")],
      issues: (0..<a).map { Issue(id: "a\($0)", series: "a", number: $0 + 1, title: "a", zip: "a\($0)") }
        + (0..<b).map { Issue(id: "b\($0)", series: "b", number: $0 + 1, title: "b", zip: "b\($0)") })
  }

  func testASeriesThatVanishesIsAnErrorEvenUnderTheFileWideLimit() {
    let previous = twoSeries(100, 3)
    let new = twoSeries(100, 0)
    XCTAssertNil(ShrinkCheck.compare(previous: previous, new: new), "3 of 103 is under 5%")
    let f = ShrinkCheck.compareSeries(previousKeys: previous.recordKeys, newKeys: new.recordKeys)
    XCTAssertEqual(f?.rule, "catalogue/shrink-series")
    XCTAssertEqual(f?.severity, .error)
    XCTAssertEqual(f?.records, ["b (gone: all 3)"])
    XCTAssertEqual(
      ShrinkCheck.compareSeries(previousKeys: previous.recordKeys, newKeys: new.recordKeys, allowed: true)?.severity,
      .warning)
  }

  func testASeriesThatLosesMoreThanItsShareIsAnErrorAndOneRetiredScanIsNot() {
    let previous = twoSeries(10, 40)
    XCTAssertEqual(
      ShrinkCheck.compareSeries(previousKeys: previous.recordKeys, newKeys: twoSeries(7, 40).recordKeys)?.records,
      ["a (3 of 10)"])
    XCTAssertNil(ShrinkCheck.compareSeries(previousKeys: previous.recordKeys, newKeys: twoSeries(9, 40).recordKeys))
    XCTAssertNil(ShrinkCheck.compareSeries(previousKeys: previous.recordKeys, newKeys: twoSeries(10, 45).recordKeys))
  }

  func testANoNetworkRebuildWithFewerRowsIsAnError() {
    XCTAssertEqual(
      ShrinkCheck.compareOffline(previousCount: 1907, newCount: 1906, allowed: false)?.rule, "catalogue/shrink-offline")
    XCTAssertNil(ShrinkCheck.compareOffline(previousCount: 1907, newCount: 1906, allowed: true))
    XCTAssertNil(ShrinkCheck.compareOffline(previousCount: 1907, newCount: 1907, allowed: false))
  }

  func testManyChangedPageCountsAreAWarningThatListsThem() {
    let previous = catalogue(20)
    var new = previous
    for i in 0..<20 { new.issues[i].pages = 84 }
    for i in 0..<4 { new.issues[i].pages = 36 }
    var old = previous
    for i in 0..<20 { old.issues[i].pages = 84 }
    let f = StableFieldCheck.compare(previous: old, new: new)
    XCTAssertEqual(f?.rule, "catalogue/stable-fields")
    XCTAssertEqual(f?.severity, .warning)
    XCTAssertEqual(f?.records.first, "i1 pages 84 => 36")
    XCTAssertEqual(f?.count, 4)
    var one = old
    one.issues[0].bytes = 5
    XCTAssertNil(StableFieldCheck.compare(previous: old, new: one), "one rescan is ordinary")
  }
}
