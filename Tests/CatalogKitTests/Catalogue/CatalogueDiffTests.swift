import CatalogKit
import Foundation
import XCTest

final class CatalogueDiffTests: XCTestCase {
  func testIdenticalCataloguesHaveNoDifference() throws {
    let c = AnyCatalogue.issue(CatalogueTestData.retroSpec())
    let d = try CatalogueDiff.compare(c, c)
    XCTAssertTrue(d.isEmpty)
    XCTAssertEqual(d.counts, .init(unchanged: 4))
  }

  func testAddedRemovedAndChangedAreCountedPerSeriesAndChangesNameTheField() throws {
    let old = CatalogueTestData.retroSpec()
    var new = old
    new.issues.remove(at: 3)
    new.issues[0].title = "Oktobar '84"
    new.issues[1].bytes = nil
    new.issues.append(Issue(id: "SK_85_01", series: "SK", number: 4, title: "Januar 1985", zip: "SKH/ZIP/1985_01.zip"))
    new.generated = "2026-12-01"
    let d = try CatalogueDiff.compare(.issue(old), .issue(new))
    XCTAssertEqual(d.counts, .init(added: 1, removed: 1, changed: 2, unchanged: 1))
    XCTAssertEqual(d.series.map(\.series), ["SK", "RI"])
    XCTAssertEqual(d.series[0].counts, .init(added: 1, removed: 0, changed: 2, unchanged: 1))
    XCTAssertEqual(d.series[1].counts, .init(removed: 1))
    XCTAssertEqual(
      d.changed[0].changes, [.init(field: "title", old: .string("Oktobar 1984"), new: .string("Oktobar '84"))])
    XCTAssertEqual(d.changed[1].changes, [.init(field: "bytes", old: .int(18_000_000), new: nil)])
    XCTAssertEqual(d.catalogue, [.init(field: "generated", old: .string("2026-11-30"), new: .string("2026-12-01"))])
    XCTAssertEqual(d.removed.map(\.id), ["RI_85_01"])
    XCTAssertEqual(d.added.map(\.id), ["SK_85_01"])
    let text = d.text(old: "a.json", new: "b.json")
    XCTAssertTrue(text.contains("    title: \"Oktobar 1984\" => \"Oktobar '84\""), text)
    XCTAssertTrue(text.contains("    bytes: 18000000 => (absent)"), text)
  }

  func testIgnoredFieldsAreLeftOutAtEveryLevel() throws {
    let old = CatalogueTestData.retroSpec()
    var new = old
    new.generated = "2027-01-01"
    new.issues[0].bytes = 1
    let d = try CatalogueDiff.compare(.issue(old), .issue(new), options: .init(ignoring: ["generated", "bytes"]))
    XCTAssertTrue(d.isEmpty)
  }

  func testAnIssueMovedToAnotherSeriesIsRemovedAndAdded() throws {
    let old = CatalogueTestData.retroSpec()
    var new = old
    new.issues[3].series = "SK"
    let d = try CatalogueDiff.compare(.issue(old), .issue(new))
    XCTAssertEqual(d.counts.added, 1)
    XCTAssertEqual(d.counts.removed, 1)
  }

  func testAReorderIsADifferenceEvenWithNoFieldChanged() throws {
    let old = CatalogueTestData.retroSpec()
    var new = old
    new.issues.swapAt(0, 1)
    let d = try CatalogueDiff.compare(.issue(old), .issue(new))
    XCTAssertTrue(d.reordered)
    XCTAssertFalse(d.isEmpty)
  }

  func testSeriesBlockChangesAreReported() throws {
    let old = CatalogueTestData.retroSpec()
    var new = old
    new.series[1].language = nil
    let d = try CatalogueDiff.compare(.issue(old), .issue(new))
    XCTAssertEqual(d.seriesBlock.map(\.id), ["RI"])
    XCTAssertEqual(d.seriesBlock[0].changes, [.init(field: "language", old: .string("serbian"), new: nil)])
  }

  func testARetitleUnderTheSameIdChangesTheIdentityWhenASiteIsGiven() throws {
    let old = CatalogueTestData.retroSpec()
    var new = old
    new.issues[0].title = "Oktobar, 1984!"
    new.issues[1].title = "Dva"
    let d = try CatalogueDiff.compare(.issue(old), .issue(new), options: .init(site: "retrospec"))
    XCTAssertEqual(d.identityChanged, ["SK_84_11"], "a title that folds the same keeps its identity")
  }

  func testPopBoksAndStripoviAreKeyedById() throws {
    let ritam = CatalogueTestData.ritam()
    var ritam2 = ritam
    ritam2.issues[1].rows = 9
    let d = try CatalogueDiff.compare(.popboks(ritam), .popboks(ritam2))
    XCTAssertEqual(d.changed.map(\.id), ["156"])
    XCTAssertEqual(d.series.map(\.series), ["ritam"])
    let s = CatalogueTestData.stripovi()
    var s2 = s
    s2.comics[0].lead = "Novo"
    let ds = try CatalogueDiff.compare(.stripovi(s), .stripovi(s2))
    XCTAssertEqual(ds.changed.first?.changes, [.init(field: "lead", old: nil, new: .string("Novo"))])
    XCTAssertEqual(ds.series.map(\.series), ["(standalone)", "Niz"])
  }

  func testCataloguesOfDifferentShapesCannotBeCompared() {
    XCTAssertThrowsError(
      try CatalogueDiff.compare(.issue(CatalogueTestData.retroSpec()), .popboks(CatalogueTestData.ritam()))
    ) { e in
      XCTAssertEqual("\(e)", "cannot compare an issue catalogue with a PopBoks one")
    }
  }

  func testTheJSONFormKeepsValueTypes() throws {
    let old = CatalogueTestData.retroSpec()
    var new = old
    new.issues[0].pages = 90
    let d = try CatalogueDiff.compare(.issue(old), .issue(new))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = String(decoding: try encoder.encode(d), as: UTF8.self)
    XCTAssertTrue(json.contains(#"{"field":"pages","new":90,"old":84}"#), json)
    XCTAssertEqual(try JSONDecoder().decode(CatalogueDiff.self, from: Data(json.utf8)), d)
  }

  /// Prints how long the largest reference diff takes; asserts nothing about time.
  func testBenchmarkDiffOfTheLargestReferenceFile() throws {
    let (_, c) = try CatalogueTestData.reference("bombjack-other.json")
    guard case .issue(var changed) = c else { return XCTFail("not an issue catalogue") }
    changed.issues.removeFirst(3)
    changed.issues[10].title += " (2)"
    let start = Date()
    let d = try CatalogueDiff.compare(c, .issue(changed), options: .init(site: "bombjackOther"))
    let seconds = Date().timeIntervalSince(start)
    print("benchmark: diff of bombjack-other.json (\(d.oldCount) issues) took \(String(format: "%.3f", seconds)) s")
    XCTAssertEqual(d.counts.removed, 3)
    XCTAssertEqual(d.counts.changed, 1)
  }
}
