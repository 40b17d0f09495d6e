import XCTest

@testable import CatalogKit

final class SpectrumPlanTests: XCTestCase {
  private let magazines = [
    ZXDBMagazine(
      id: 62, name: "Crash", magtype: "P", language: "en", country: "GB",
      archiveMask: "https://archive.org/download/crash-magazine-{i2}{s}{u-}/Crash_{i2}_{M3}_{y4}.pdf"),
    ZXDBMagazine(
      id: 200, name: "MicroHobby", magtype: "P", language: "es", country: "ES",
      archiveMask: "https://archive.org/download/microhobby-{i3}/MicroHobby {i3}.pdf"),
    ZXDBMagazine(id: 300, name: "ZX Tape Mag", magtype: "E", language: "en", country: "GB", archiveMask: nil),
    ZXDBMagazine(id: 26, name: "Bare Bones", magtype: "Z", language: "en", country: nil, archiveMask: nil),
    ZXDBMagazine(
      id: 70, name: "Sinclair User", magtype: "P", language: "en", country: "GB",
      archiveMask: "https://archive.org/download/SinclairUser{i3}"),
    ZXDBMagazine(id: 71, name: "No Language", magtype: "P", language: nil, country: "GB", archiveMask: "x"),
  ]

  func testGroupsAreEnglishPaperAndEnglishZinesOnly() {
    XCTAssertEqual(SpectrumGroup.of(magtype: "P", language: "en"), .magazines)
    XCTAssertEqual(SpectrumGroup.of(magtype: "Z", language: "en"), .fanzines)
    XCTAssertNil(SpectrumGroup.of(magtype: "E", language: "en"))
    XCTAssertNil(SpectrumGroup.of(magtype: "P", language: "es"))
    XCTAssertNil(SpectrumGroup.of(magtype: nil, language: "en"))
    XCTAssertNil(SpectrumGroup.of(magtype: "P", language: nil))
    XCTAssertEqual(SpectrumGroup.allCases.map(\.displayName), ["Magazines", "Fanzines", "Books"])
    XCTAssertEqual(SpectrumGroup.books.fileName, "spectrum-books.json")
  }

  func testAnIssueMaskBeatsTheMagazineMask() {
    let issues = [
      ZXDBIssue(id: 1, magazineID: 62, fields: SpectrumMaskFields(number: 1, year: 1984, month: 2)),
      ZXDBIssue(
        id: 2, magazineID: 62, fields: SpectrumMaskFields(year: 1984, month: 12, special: "Xmas"),
        archiveMask: "https://archive.org/download/crash-xmas-1984/Crash Christmas 1984.pdf"),
    ]
    let plan = SpectrumPlan.periodicals(.magazines, magazines: magazines, issues: issues)
    XCTAssertEqual(
      plan.rows.map(\.location),
      [
        SpectrumArchiveLocation(identifier: "crash-magazine-01", file: "Crash_01_Feb_1984.pdf"),
        SpectrumArchiveLocation(identifier: "crash-xmas-1984", file: "Crash Christmas 1984.pdf"),
      ])
    XCTAssertEqual(plan.rows.first?.series, Series(key: "crash-62", name: "Crash", code: "GB", language: "en"))
  }

  func testRowsOutsideTheGroupAreNotCountedAsFailures() {
    let issues = [
      ZXDBIssue(id: 5, magazineID: 200, fields: SpectrumMaskFields(number: 1)),
      ZXDBIssue(id: 6, magazineID: 300, fields: SpectrumMaskFields(number: 1)),
      ZXDBIssue(id: 7, magazineID: 999, fields: SpectrumMaskFields(number: 1)),
      ZXDBIssue(id: 8, magazineID: 71, fields: SpectrumMaskFields(number: 1)),
    ]
    let plan = SpectrumPlan.periodicals(.magazines, magazines: magazines, issues: issues)
    XCTAssertEqual(plan.rows, [])
    XCTAssertEqual(plan.skipped, [:])
  }

  func testFailuresAreCountedByReason() {
    let issues = [
      ZXDBIssue(id: 1, magazineID: 62, fields: SpectrumMaskFields(year: 1984, month: 2)),
      ZXDBIssue(id: 2, magazineID: 62, fields: SpectrumMaskFields(year: 1984, month: 3)),
      ZXDBIssue(id: 3, magazineID: 70, fields: SpectrumMaskFields(number: 1)),
      ZXDBIssue(id: 4, magazineID: 26, fields: SpectrumMaskFields(number: 1)),
    ]
    XCTAssertEqual(
      SpectrumPlan.periodicals(.magazines, magazines: magazines, issues: issues).skipped,
      ["missing field {i}": 2, "not an archive.org download URL": 1])
    XCTAssertEqual(
      SpectrumPlan.periodicals(.fanzines, magazines: magazines, issues: issues).skipped,
      [SpectrumPlan.reasonNoMask: 1])
  }

  func testTheFirstQualifyingDownloadOfAnEnglishBookWins() {
    func d(
      _ entry: Int, _ link: String, filetype: Int = 46, genre: String = "Book: Programming", language: String = "en",
      title: String = "T", imprint: String? = nil
    ) -> ZXDBBookDownload {
      ZXDBBookDownload(
        entryID: entry, filetype: filetype, link: link, title: title, language: language, genre: genre, imprint: imprint
      )
    }
    let plan = SpectrumPlan.books([
      d(1, "/pub/sinclair/books/a.pdf"),
      d(1, "https://archive.org/download/book-a/A Book.pdf", imprint: "Melbourne House"),
      d(1, "https://archive.org/download/book-a2/A2.pdf"),
      d(2, "/zxdb/sinclair/books/b.pdf"),
      d(3, "/nvg/books/c.pdf", filetype: 60),
      d(4, "https://archive.org/download/e-book/E.pdf", filetype: 60, genre: "E-Book"),
      d(5, "https://archive.org/download/game/G.pdf", genre: "Arcade: Action"),
      d(6, "https://archive.org/download/libro/L.pdf", language: "es"),
      d(7, "https://archive.org/download/untitled/U.pdf", title: ""),
      d(8, "https://archive.org/download/only-an-id"),
      d(9, "https://archive.org/download/tape/T.tzx", filetype: 8),
    ])
    XCTAssertEqual(plan.rows.map(\.id), ["book-1", "book-4"])
    XCTAssertEqual(
      plan.rows[0].series, Series(key: "melbourne-house", name: "Melbourne House", code: "", language: "en"))
    XCTAssertEqual(plan.rows[1].series.key, "other-publishers")
    XCTAssertEqual(plan.rows[0].location, SpectrumArchiveLocation(identifier: "book-a", file: "A Book.pdf"))
    XCTAssertEqual(
      plan.skipped,
      [
        SpectrumPlan.reasonZipMirror: 2, SpectrumPlan.reasonSecondDownload: 1, "relative link (not on archive.org)": 1,
        SpectrumPlan.reasonNotBook: 3, "not an archive.org download URL": 1, SpectrumPlan.reasonFiletype: 1,
      ])
  }

  func testLimitKeepsTheFirstRowsAndIdentifiersAreDistinct() {
    let issues = (1...4).map {
      ZXDBIssue(id: $0, magazineID: 62, fields: SpectrumMaskFields(number: $0 % 2 + 1, year: 1984, month: 1))
    }
    let plan = SpectrumPlan.periodicals(.magazines, magazines: magazines, issues: issues)
    XCTAssertEqual(plan.identifiers, ["crash-magazine-02", "crash-magazine-01"])
    XCTAssertEqual(plan.limited(to: 3).rows.map(\.id), ["1", "2", "3"])
    XCTAssertEqual(plan.limited(to: nil), plan)
  }
}
