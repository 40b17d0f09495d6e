import XCTest

@testable import CatalogKit

final class SpectrumCatalogueTests: XCTestCase {
  private let crash = Series(key: "crash-62", name: "Crash", code: "GB", language: "en")
  private let ace = Series(key: "ace-10", name: "ACE", code: "GB", language: "en")

  private func row(_ id: Int, _ series: Series, _ identifier: String, _ file: String, number: Int?, year: Int? = 1984)
    -> SpectrumPlannedRow
  {
    SpectrumPlannedRow(
      id: String(id), sortID: String(id), series: series,
      location: SpectrumArchiveLocation(identifier: identifier, file: file),
      year: year, month: 1, number: number)
  }

  private func item(_ id: String, _ files: [String: Int64?], readable: String?) -> SpectrumItemLookup {
    .item(SpectrumItemFiles(identifier: id, sizes: files, firstReadable: readable))
  }

  func testTheTrustRuleUsesExactNamesRecoversRenamesAndDropsTheRest() {
    let plan = SpectrumPlan(
      group: .magazines,
      rows: [
        row(1, crash, "c1", "Crash_01.pdf", number: 1),
        row(2, crash, "c2", "Crash_02_Mar.pdf", number: 2),
        row(3, crash, "c3", "Crash_03.pdf", number: 3),
        row(4, crash, "c4", "Crash_04.pdf", number: 4),
        row(5, crash, "c2", "Other.pdf", number: 5),
        row(6, ace, "C7", "Ace 7.pdf", number: 7),
      ], skipped: [:])
    let items: [String: SpectrumItemLookup] = [
      "c1": item("c1", ["Crash_01.pdf": 100, "Crash_01_text.pdf": 5], readable: "Crash_01.pdf"),
      "c2": item("c2", ["Crash_02_March.pdf": 200], readable: "Crash_02_March.pdf"),
      "c3": .missing,
      "c4": item("c4", ["c4_meta.xml": 1], readable: nil),
      "C7": item("c7", ["Ace 7.pdf": 700], readable: "Ace 7.pdf"),
    ]
    let (c, counts) = SpectrumCatalogue.build(plan, items: items, generated: "2026-11-30")
    XCTAssertEqual(counts.built, 3)
    XCTAssertEqual(counts.missingItem, 1)
    XCTAssertEqual(counts.noReadableFile, 1)
    XCTAssertEqual(counts.filenameRecovered, 2)
    XCTAssertEqual(counts.alreadyClaimed, 1)
    XCTAssertEqual(c.issues.map(\.zip), ["c7/Ace%207.pdf", "c1/Crash_01.pdf", "c2/Crash_02_March.pdf"])
    XCTAssertEqual(c.issues.map(\.bytes), [700, 100, 200])
    XCTAssertEqual(c.issues.map(\.number), [1, 1, 2], "numbered per series over built rows, no gaps")
    XCTAssertEqual(c.issues[0].cover, "c7/page/n0_w1024.jpg")
    XCTAssertEqual(c.issues[0].thumb, "c7/__ia_thumb.jpg")
    XCTAssertEqual(c.series.map(\.key), ["ace-10", "crash-62"])
    XCTAssertEqual(c.base, "https://archive.org/download/")
    XCTAssertEqual(c.issues[1].title, "Issue 1")
    XCTAssertEqual(c.issues[1].year, 1984)
    XCTAssertEqual(c.issues[1].month, 1)
  }

  func testSeriesWithoutBuiltRowsAreLeftOut() {
    let plan = SpectrumPlan(group: .magazines, rows: [row(1, crash, "gone", "x.pdf", number: 1)], skipped: [:])
    let (c, _) = SpectrumCatalogue.build(plan, items: ["gone": .missing], generated: "2026-11-30")
    XCTAssertEqual(c.series, [])
    XCTAssertNotNil(SpectrumRules.rules().compactMap { $0.evaluate(c) }.first { $0.rule == "spectrum/not-empty" })
  }

  func testFileNamesAreEncodedAsOnePathComponent() {
    XCTAssertEqual(ArchivePath.encode("dir/My File (1)+[x]%.pdf"), "dir%2FMy%20File%20(1)+%5Bx%5D%25.pdf")
    XCTAssertEqual(ArchivePath.encode("Priručnik.pdf"), "Priru%C4%8Dnik.pdf")
  }

  func testRulesFlagUnsizedRowsBelowTheShare() {
    let issues = (1...10).map { n in
      Issue(id: "\(n)", series: "s", number: n, title: "Issue \(n)", zip: "id\(n)/f.pdf", bytes: n <= 8 ? 10 : nil)
    }
    let c = IssueCatalogue(
      generated: "2026-11-30", base: "https://archive.org/download/", series: [Series(key: "s", name: "S", code: "")],
      issues: issues)
    let failed = SpectrumRules.rules().compactMap { $0.evaluate(c) }
    XCTAssertEqual(failed.map(\.rule), ["threshold/sized-share"])
    XCTAssertEqual(SpectrumRules.rules(sizedShare: 0.8).compactMap { $0.evaluate(c) }, [])
  }

  func testRulesCatchGapsDuplicatesAndForeignHosts() {
    let c = IssueCatalogue(
      generated: "2026-11-30", base: "https://archive.org/download/", series: [Series(key: "s", name: "S", code: "")],
      issues: [
        Issue(id: "1", series: "s", number: 1, title: "A", zip: "a/f.pdf", bytes: 1),
        Issue(id: "1", series: "s", number: 3, title: "B", zip: "a/f.pdf", bytes: 1),
        Issue(id: "3", series: "t", number: 1, title: "C", zip: "https://example.org/x.pdf", bytes: 1),
      ])
    let failed = Set(SpectrumRules.rules().compactMap { $0.evaluate(c) }.map(\.rule))
    XCTAssertEqual(
      failed,
      [
        "spectrum/unique-id", "spectrum/unique-zip", "spectrum/series-present", "spectrum/numbered-1-to-n",
        "spectrum/relative-archive-zips",
      ])
  }
}
