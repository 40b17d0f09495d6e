import XCTest

@testable import CatalogKit

final class SpectrumPlannedRowTests: XCTestCase {
  private let crash = Series(key: "crash-62", name: "Crash", code: "GB", language: "en")

  private func row(
    _ id: String, number: Int? = nil, year: Int? = nil, month: Int? = nil, special: String? = nil,
    supplement: String? = nil, series: Series? = nil
  ) -> SpectrumPlannedRow {
    SpectrumPlannedRow(
      id: id, sortID: id, series: series ?? crash, location: SpectrumArchiveLocation(identifier: "x", file: id),
      year: year,
      month: month, number: number, special: special, supplement: supplement)
  }

  func testANumberedIssueIsCalledByItsNumberSpecialAndSupplement() {
    XCTAssertEqual(row("1", number: 4).title, "Issue 4")
    XCTAssertEqual(row("1", number: 4, special: "Spring").title, "Issue 4 Spring")
    XCTAssertEqual(row("1", number: 4, special: "Spring", supplement: "Poster").title, "Issue 4 Spring (Poster)")
    XCTAssertEqual(row("1", supplement: "Poster").title, "(Poster)")
    XCTAssertEqual(row("1", year: 1984, special: "Christmas Special").title, "Christmas Special")
  }

  func testAnUnnumberedIssueIsCalledByItsDate() {
    XCTAssertEqual(row("1", year: 1983, month: 5).title, "May 1983")
    XCTAssertEqual(row("1", year: 1983).title, "1983")
    XCTAssertEqual(row("1", special: "", supplement: "").title, "Crash")
  }

  func testABookKeepsItsOwnTitle() {
    var r = row("book-1", number: 3)
    r.bookTitle = "The Complete Spectrum ROM Disassembly"
    XCTAssertEqual(r.title, "The Complete Spectrum ROM Disassembly")
  }

  func testSortingGoesBySeriesYearMonthNumberThenIdAsAString() {
    let other = Series(key: "ace-10", name: "ACE", code: "GB")
    let rows = [
      row("9", number: 1, year: nil),
      row("800", number: 2, year: 1984, month: 3),
      row("1730", number: 2, year: 1984, month: 3),
      row("5", number: 1, year: 1984, month: 3),
      row("6", number: 9, year: 1984),
      row("7", number: 1, year: 1983, month: 12),
      row("1", series: other),
    ]
    XCTAssertEqual(rows.sorted(by: SpectrumPlannedRow.sortsBefore).map(\.id), ["1", "7", "6", "5", "1730", "800", "9"])
  }
}
