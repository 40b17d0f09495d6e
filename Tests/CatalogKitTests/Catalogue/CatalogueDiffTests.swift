import BuildSupport
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

  // MARK: Folders

  private func folders() -> (CatalogueDiff.FolderSide, CatalogueDiff.FolderSide) {
    let retro = CatalogueTestData.retroSpec()
    var changed = retro
    changed.issues.remove(at: 3)
    changed.issues[0].title = "Oktobar | *84*"
    let old = CatalogueDiff.FolderSide(catalogues: [
      "retrospec-catalog.json": .issue(retro), "popboks-ritam.json": .popboks(CatalogueTestData.ritam()),
      "stripovi-catalog.json": .stripovi(CatalogueTestData.stripovi()),
    ])
    let new = CatalogueDiff.FolderSide(catalogues: [
      "retrospec-catalog.json": .issue(changed), "popboks-ritam.json": .popboks(CatalogueTestData.ritam()),
      "archive-catalog.json": .issue(retro),
    ])
    return (old, new)
  }

  func testAFolderDiffMatchesFilesByNameAndCountsFilesOnOneSideAsWhollyAddedOrRemoved() {
    let (old, new) = folders()
    let d = CatalogueDiff.compare(folder: old, new, sources: Sources.catalogues)
    XCTAssertEqual(
      d.files.map(\.file),
      ["archive-catalog.json", "popboks-ritam.json", "retrospec-catalog.json", "stripovi-catalog.json"])
    XCTAssertEqual(d.files.map(\.status), [.onlyNew, .same, .changed, .onlyOld])
    XCTAssertEqual(d.files[0].counts, .init(added: 4))
    XCTAssertEqual(d.files[2].counts, .init(added: 0, removed: 1, changed: 1, unchanged: 2))
    XCTAssertEqual(d.files[3].counts, .init(removed: 3))
    XCTAssertEqual(d.totals, .init(added: 4, removed: 4, changed: 1, unchanged: 4))
    XCTAssertTrue(d.differs)
    XCTAssertEqual(d.removingMoreThan(percent: 5).map(\.file), ["retrospec-catalog.json", "stripovi-catalog.json"])
    XCTAssertEqual(d.removingMoreThan(percent: 30).map(\.file), ["stripovi-catalog.json"])
  }

  func testAnUnreadableFileOrTwoShapesUnderOneNameIsTroubleNotADifference() {
    let old = CatalogueDiff.FolderSide(
      catalogues: ["a.json": .issue(CatalogueTestData.retroSpec())], unreadable: ["b.json": "b.json: line 3"])
    let new = CatalogueDiff.FolderSide(catalogues: [
      "a.json": .popboks(CatalogueTestData.ritam()), "b.json": .issue(CatalogueTestData.retroSpec()),
    ])
    let d = CatalogueDiff.compare(folder: old, new, sources: Sources.catalogues)
    XCTAssertEqual(d.files.map(\.status), [.trouble, .trouble])
    XCTAssertTrue(d.hasTrouble)
    XCTAssertEqual(d.files[1].error, "b.json: line 3")
    XCTAssertTrue(d.files[0].error?.contains("cannot compare") == true, d.files[0].error ?? "")
  }

  func testTheFolderTableHasOneRowPerFileATotalAndAVerdict() {
    let (old, new) = folders()
    let d = CatalogueDiff.compare(folder: old, new, sources: Sources.catalogues)
    let table = d.table(old: "catalogs", new: "new")
    let lines = table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    XCTAssertEqual(lines[0], "old: catalogs (3 catalogues)")
    XCTAssertEqual(lines[3].split(separator: " "), ["file", "old", "new", "added", "removed", "changed"])
    XCTAssertEqual(
      lines[4].split(separator: " "), ["archive-catalog.json", "-", "4", "4", "0", "0", "only", "in", "new"])
    XCTAssertEqual(lines[6].split(separator: " "), ["retrospec-catalog.json", "4", "3", "0", "1", "1", "changed"])
    XCTAssertEqual(lines[8].split(separator: " "), ["total", "(4", "files)", "9", "9", "4", "4", "1"])
    XCTAssertEqual(lines.last, "3 of 4 catalogues differ")
    let text = d.text(old: "catalogs", new: "new")
    XCTAssertTrue(text.hasPrefix(table + "\n\n==> archive-catalog.json <==\nonly in new: 4 records, all added"), text)
    XCTAssertTrue(text.contains("==> retrospec-catalog.json <==\nold: catalogs/retrospec-catalog.json (4 issues)"))
    XCTAssertFalse(text.contains("==> popboks-ritam.json"), "unchanged files are only in the table")
  }

  func testCountsSaySingularForOne() {
    let one = CatalogueDiff.FolderSide(catalogues: ["a.json": .issue(CatalogueTestData.retroSpec())])
    let d = CatalogueDiff.compare(folder: one, one, sources: Sources.catalogues)
    let text = d.table(old: "x", new: "y")
    XCTAssertTrue(text.hasPrefix("old: x (1 catalogue)\nnew: y (1 catalogue)\n"), text)
    XCTAssertTrue(text.contains("total (1 file) "), text)
    XCTAssertTrue(text.hasSuffix("no differences in 1 catalogue"), text)
    var single = CatalogueTestData.stripovi()
    single.comics.removeLast(2)
    let s = try? CatalogueDiff.compare(.stripovi(single), .stripovi(single))
    XCTAssertEqual(s?.stat(old: "a", new: "b").hasPrefix("old: a (1 comic)\nnew: b (1 comic)"), true)
  }

  func testTheMarkdownPutsCountsFirstEscapesTitlesAndFoldsLongLists() throws {
    var (old, new) = folders()
    var many = CatalogueTestData.retroSpec()
    for n in 5...30 {
      many.issues.append(
        Issue(id: "RI_X_\(n)", series: "RI", number: n, title: "Broj <\(n)>", zip: "RIH/ZIP/x\(n).zip"))
    }
    old.catalogues["atarimania-catalog.json"] = .issue(CatalogueTestData.retroSpec())
    new.catalogues["atarimania-catalog.json"] = .issue(many)
    let md = CatalogueDiff.compare(folder: old, new, sources: Sources.catalogues).markdown(
      old: "catalogs", new: "new", maxRemoved: 5)
    let lines = md.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    XCTAssertEqual(lines[0], "### Catalogue changes")
    XCTAssertEqual(
      lines[2], "`catalogs` → `new`: **4 of 5 catalogues differ** (30 records added, 4 removed, 1 changed)")
    XCTAssertEqual(lines[4], "| catalogue | old | new | added | removed | changed | |")
    XCTAssertTrue(md.contains("| retrospec-catalog.json | 4 | 3 | 0 | 1 | 1 | **changed** |"), md)
    XCTAssertTrue(md.contains("| **total** |"), md)
    XCTAssertTrue(md.contains("> **Too many removed:** retrospec-catalog.json removes 1 of 4 records (25%)"), md)
    XCTAssertTrue(md.contains("title: \"Oktobar 1984\" → \"Oktobar \\| \\*84\\*\""), md)
    XCTAssertTrue(md.contains("<details><summary>Added (26)</summary>"), md)
    XCTAssertTrue(md.contains("| `RI` | `RI_X_5` | Broj &lt;5&gt; |"), md)
    XCTAssertTrue(md.contains("**Removed (1)**"), "a short list stays open")
    XCTAssertLessThan(
      try XCTUnwrap(md.range(of: "| **total** |")).lowerBound, try XCTUnwrap(md.range(of: "#### ")).lowerBound,
      "counts before changes")
  }

  func testTheMarkdownCapsAListAndSaysHowManyMore() {
    let old = CatalogueTestData.retroSpec()
    var new = old
    for n in 0..<250 {
      new.issues.append(Issue(id: "N\(n)", series: "RI", number: n + 2, title: "T", zip: "z\(n).zip"))
    }
    let d = CatalogueDiff.compare(
      folder: .init(catalogues: ["a.json": .issue(old)]), .init(catalogues: ["a.json": .issue(new)]),
      sources: Sources.catalogues)
    let md = d.markdown(old: "o", new: "n")
    XCTAssertTrue(md.contains("… and 50 more."), md)
    XCTAssertFalse(md.contains("`N200`"), md)
    XCTAssertTrue(md.contains("| `RI` | `N199` | T |"), md)
  }

  func testColourPaintsAddedRemovedAndHeadingsOnly() {
    let text = "old: a\n\nadded (1):\n  + SK  SK_1  \"x\"\n\nremoved (1):\n  - SK  SK_2  \"y\"\n    title: a => b"
    let painted = DiffColour.paint(text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    XCTAssertEqual(painted[0], "old: a")
    XCTAssertEqual(painted[2], "\u{1B}[1madded (1):\u{1B}[0m")
    XCTAssertEqual(painted[3], "\u{1B}[32m  + SK  SK_1  \"x\"\u{1B}[0m")
    XCTAssertEqual(painted[6], "\u{1B}[31m  - SK  SK_2  \"y\"\u{1B}[0m")
    XCTAssertEqual(painted[7], "    title: a => b")
  }

  /// `--ignore` refuses names outside `fieldNames`, so the list must hold every field a record of
  /// any shape can carry (all optionals set here).
  func testTheKnownFieldsAreExactlyTheFieldsRecordsCarry() {
    var issue = CatalogueTestData.retroSpec().issues[0]
    issue.dead = true
    issue.thumb = "t.jpg"
    let comic = CatalogueTestData.stripovi().comics[1]
    var names = Set(["base", "generated", "magazine", "version"])
    names.formUnion(issue.diffFields.map(\.0))
    names.formUnion(CatalogueTestData.retroSpec().series[0].diffFields.map(\.0))
    names.formUnion(CatalogueTestData.ritam().issues[0].diffFields.map(\.0))
    names.formUnion(comic.diffFields.map(\.0))
    XCTAssertEqual(Set(CatalogueDiff.fieldNames), names)
    XCTAssertEqual(CatalogueDiff.unknownFields(["generated", "titel", "bytes"]), ["titel"])
  }

  /// GitHub refuses a pull request body over 65,536 characters: a first rebuild that changes
  /// thousands of records in many files must still give a body it takes.
  func testTheMarkdownShortensItsListsUntilItFitsAPullRequest() {
    let old = CatalogueTestData.retroSpec()
    var new = old
    for n in 0..<1_500 {
      new.issues.append(
        Issue(
          id: "NEW_\(n)", series: "RI", number: n + 2, title: String(repeating: "Naslov \(n) ", count: 4),
          zip: "z\(n).zip"))
    }
    var oldSide = CatalogueDiff.FolderSide()
    var newSide = CatalogueDiff.FolderSide()
    for f in 1...7 {
      oldSide.catalogues["f\(f).json"] = .issue(old)
      newSide.catalogues["f\(f).json"] = .issue(new)
    }
    let d = CatalogueDiff.compare(folder: oldSide, newSide, sources: Sources.catalogues)
    let md = d.markdown(old: "o", new: "n")
    XCTAssertLessThanOrEqual(md.utf8.count, CatalogueDiff.Folder.markdownMaxBytes)
    XCTAssertTrue(md.contains("| f7.json | 4 | 1504 | 1500 | 0 | 0 | **changed** |"), "every file keeps its row")
    XCTAssertTrue(md.contains("#### f7.json"), "every file keeps its section")
    let tiny = d.markdown(old: "o", new: "n", maxBytes: 1_500)
    XCTAssertLessThanOrEqual(tiny.utf8.count, 1_500)
    XCTAssertTrue(tiny.hasSuffix("… cut here to fit a pull request; `catalog diff --json` has every change.\n"), tiny)
    XCTAssertTrue(tiny.hasPrefix("### Catalogue changes\n"), tiny)
  }
}
