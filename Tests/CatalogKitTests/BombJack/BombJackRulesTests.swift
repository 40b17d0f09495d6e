import XCTest

@testable import CatalogKit

final class BombJackRulesTests: XCTestCase {
  static let site = "https://commodore.bombjack.org/"

  func issue(_ id: String, _ run: String, _ n: Int, zip: String? = nil) -> Issue {
    Issue(id: id, series: run, number: n, title: "T \(id)", zip: zip ?? Self.site + "books/x/\(id).zip")
  }

  func catalogue(_ issues: [Issue], runs: [String]) -> IssueCatalogue {
    IssueCatalogue(
      generated: "2026-11-30", base: "",
      series: runs.map { Series(key: $0, name: $0.uppercased(), code: $0, language: "en") },
      issues: issues)
  }

  func failures(
    _ shelf: BombJackShelf, _ set: [BombJackShelf: IssueCatalogue],
    bounds: BombJackShelfBounds = BombJackShelfBounds(minSharePercent: 0, minTotal: 0),
    partial: Bool = false
  ) -> [String: Severity] {
    let rules = BombJackRules.rules(for: shelf, in: set, bounds: bounds, partial: partial)
    guard let c = set[shelf] else { return [:] }
    var out: [String: Severity] = [:]
    for f in ValidationReport.run(rules, on: c).findings { out[f.rule] = f.severity }
    return out
  }

  /// The tool works out the set's index once and hands it to every shelf's rules: the findings are
  /// the ones each shelf's rules find on their own, on a set that breaks every cross-file rule.
  func testOneSharedIndexFindsWhatEachShelfFindsAlone() {
    let shared = Self.site + "books/x/shared.zip"
    let set: [BombJackShelf: IssueCatalogue] = [
      .books: catalogue([issue("a", "r", 1, zip: shared), issue("b", "r", 3), issue("x", "s", 1)], runs: ["r", "s"]),
      .other: catalogue([issue("c", "r", 2, zip: shared), issue("b", "r", 5)], runs: ["r"]),
      .hardware: catalogue([issue("h", "t", 2), issue("i", "t", 2, zip: Self.site + "books/x/i.zip")], runs: ["t"]),
    ]
    let index = BombJackRules.SetIndex(set)
    for shelf in set.keys {
      let c = set[shelf]!
      let alone = ValidationReport.run(BombJackRules.rules(for: shelf, in: set), on: c).findings
      let withIndex = ValidationReport.run(BombJackRules.rules(for: shelf, in: set, index: index), on: c).findings
      XCTAssertEqual(withIndex.map(\.rule), alone.map(\.rule), "\(shelf)")
      XCTAssertEqual(withIndex.map(\.records), alone.map(\.records), "\(shelf)")
    }
    let books = ValidationReport.run(BombJackRules.rules(for: .books, in: set, index: index), on: set[.books]!)
    XCTAssertEqual(
      books.findings.first { $0.rule == "bombjack/zip-in-one-file" }?.records, [shared, Self.site + "books/x/b.zip"])
    XCTAssertEqual(books.findings.first { $0.rule == "bombjack/id-across-files" }?.records, ["b"])
    XCTAssertEqual(books.findings.first { $0.rule == "bombjack/run-numbering" }?.records, ["r"])
    // Run t is 2, 2 on one shelf alone: not 1…n, and no other shelf is blamed for it.
    let hardware = ValidationReport.run(
      BombJackRules.rules(for: .hardware, in: set, index: index), on: set[.hardware]!)
    XCTAssertEqual(hardware.findings.first { $0.rule == "bombjack/run-numbering" }?.records, ["t"])
    XCTAssertNil(hardware.findings.first { $0.rule == "bombjack/zip-in-one-file" })
  }

  func testAGoodSetPasses() {
    let set: [BombJackShelf: IssueCatalogue] = [
      .books: catalogue([issue("a", "r", 1), issue("b", "r", 2)], runs: ["r"]),
      .other: catalogue([issue("c", "r", 3), issue("d", "s", 1)], runs: ["r", "s"]),
    ]
    XCTAssertEqual(failures(.books, set), [:])
    XCTAssertEqual(failures(.other, set), [:])
  }

  func testAFileListedInTwoShelvesFailsBoth() {
    let set: [BombJackShelf: IssueCatalogue] = [
      .books: catalogue([issue("a", "r", 1)], runs: ["r"]),
      .other: catalogue([issue("b", "s", 1, zip: Self.site + "books/x/a.zip")], runs: ["s"]),
    ]
    XCTAssertEqual(failures(.books, set)["bombjack/zip-in-one-file"], .error)
    XCTAssertEqual(failures(.other, set)["bombjack/zip-in-one-file"], .error)
  }

  func testDuplicatesMissingRunsAndBadHostsAreErrors() {
    let c = catalogue(
      [
        issue("a", "r", 1), issue("a", "r", 2, zip: Self.site + "books/x/a.zip"),
        issue("c", "gone", 1, zip: "http://bombjack.org/c.zip"),
      ], runs: ["r"])
    var withNames = c
    withNames.series.append(Series(key: "q", name: "R", code: "q"))
    let f = failures(.books, [.books: withNames])
    XCTAssertEqual(f["bombjack/unique-id"], .error)
    XCTAssertEqual(f["bombjack/unique-zip"], .error)
    XCTAssertEqual(f["bombjack/runs-present"], .error)
    XCTAssertEqual(f["bombjack/https-downloads"], .error)
    XCTAssertEqual(f["bombjack/distinct-run-names"], .error)
  }

  func testARunMustBeNumberedOneToNAcrossTheSevenFiles() {
    let set: [BombJackShelf: IssueCatalogue] = [
      .books: catalogue([issue("a", "r", 1)], runs: ["r"]),
      .other: catalogue([issue("b", "r", 3)], runs: ["r"]),
    ]
    XCTAssertEqual(failures(.books, set)["bombjack/run-numbering"], .error)
  }

  func testIdsMustBeUniqueAcrossFiles() {
    let set: [BombJackShelf: IssueCatalogue] = [
      .books: catalogue([issue("a", "r", 1)], runs: ["r"]),
      .other: catalogue([issue("a", "s", 1, zip: Self.site + "other/a.zip")], runs: ["s"]),
    ]
    XCTAssertEqual(failures(.other, set)["bombjack/id-across-files"], .error)
  }

  func testFloorsAreErrorsOnAFullBuildAndWarningsOnAPartialOne() {
    let set: [BombJackShelf: IssueCatalogue] = [.books: catalogue([issue("a", "r", 1)], runs: ["r"])]
    let strict = BombJackShelfBounds(minSharePercent: 80, minTotal: 15_000, maxPerFile: 10_000)
    XCTAssertEqual(failures(.books, set, bounds: strict)["threshold/bombjack-min-per-file"], .error)
    XCTAssertEqual(failures(.books, set, bounds: strict)["threshold/bombjack-min-total"], .error)
    XCTAssertEqual(failures(.books, set, bounds: strict, partial: true)["threshold/bombjack-min-per-file"], .warning)
    XCTAssertEqual(failures(.books, set, bounds: strict, partial: true)["threshold/bombjack-min-total"], .warning)
    XCTAssertEqual(
      failures(.books, set, bounds: BombJackShelfBounds(minSharePercent: 0, minTotal: 0, maxPerFile: 0))[
        "bombjack/max-per-file"], .error)
  }

  func testTheTotalIsCheckedOnceOnTheFirstShelf() {
    let set: [BombJackShelf: IssueCatalogue] = [
      .books: catalogue([issue("a", "r", 1)], runs: ["r"]),
      .amigaMagazines: catalogue([issue("b", "s", 1)], runs: ["s"]),
    ]
    XCTAssertTrue(
      BombJackRules.rules(for: .amigaMagazines, in: set).contains { $0.name == "threshold/bombjack-min-total" })
    XCTAssertFalse(BombJackRules.rules(for: .books, in: set).contains { $0.name == "threshold/bombjack-min-total" })
  }
}
