import BuildSupport
import CatalogKit
import XCTest

final class CatalogueSetTests: XCTestCase {
  func testAFolderWithNoCataloguesFailsInsteadOfPassingVacuously() {
    let f = CatalogueSet([], sources: Sources.catalogues).crossFindings(expect: .present)
    XCTAssertEqual(f.map(\.rule), ["folder/not-empty"])
    XCTAssertEqual(f.first?.severity, .error)
  }

  func testExpectingAllNamesTheMissingFiles() {
    let set = CatalogueSet(
      [.init(file: "popboks-ritam.json", catalogue: .popboks(CatalogueTestData.ritam()), sources: Sources.catalogues)],
      sources: Sources.catalogues)
    let all = set.crossFindings(expect: .all)
    XCTAssertEqual(all.first { $0.rule == "folder/expected-set" }?.count, 17)
    XCTAssertEqual(set.crossFindings(expect: .present).filter { $0.severity == .error }, [])
  }

  func testResourceNamesThatDifferOnlyInCaseCollide() {
    let c = AnyCatalogue.popboks(CatalogueTestData.ritam())
    let set = CatalogueSet(
      [
        .init(file: "popboks-ritam.json", catalogue: c, sources: Sources.catalogues),
        .init(file: "PopBoks-Ritam.json", catalogue: c, sources: Sources.catalogues),
      ], sources: Sources.catalogues)
    XCTAssertEqual(
      set.crossFindings(expect: .present).first { $0.rule == "folder/distinct-resource-names" }?.records,
      ["PopBoks-Ritam.json"])
  }

  func testAListedFileWithTheWrongBaseIsNamed() {
    var c = CatalogueTestData.retroSpec()
    c.base = "https://archive.org/download/"
    let set = CatalogueSet(
      [.init(file: "retrospec-catalog.json", catalogue: .issue(c), sources: Sources.catalogues)],
      sources: Sources.catalogues)
    XCTAssertEqual(
      set.crossFindings(expect: .present).first { $0.rule == "folder/shape-and-base" }?.records.first,
      "retrospec-catalog.json (base 'https://archive.org/download/', listed as 'https://retrospec.elite.org/pcsux/')")
  }

  func testBombJackIdsMustBeUniqueAcrossItsFiles() {
    let issue = Issue(
      id: "a_b", series: "s", number: 1, title: "T", zip: "https://commodore.bombjack.org/a/b.pdf", bytes: 1)
    let c = IssueCatalogue(
      generated: "2026-11-30", base: "", series: [Series(key: "s", name: "S", code: "")], issues: [issue])
    let set = CatalogueSet(
      [
        .init(file: "bombjack-books.json", catalogue: .issue(c), sources: Sources.catalogues),
        .init(file: "bombjack-games.json", catalogue: .issue(c), sources: Sources.catalogues),
      ], sources: Sources.catalogues)
    let f = set.crossFindings(expect: .present)
    XCTAssertEqual(f.first { $0.rule == "bombjack/unique-id-across-files" }?.records, ["bombjack-games.json: a_b"])
    XCTAssertEqual(f.first { $0.rule == "bombjack/unique-zip-across-files" }?.records, ["bombjack-games.json: a_b"])
    XCTAssertEqual(set.members[0].numbering, .gapsAllowed)
    XCTAssertFalse(set.members[0].chronology)
  }

  func testAVintageAppleSeriesInBothFilesIsNamed() {
    let c = IssueCatalogue(
      generated: "2026-11-30", base: "https://vintageapple.org/",
      series: [Series(key: "macuser", name: "MacUser", code: "")],
      issues: [Issue(id: "macuser/a", series: "macuser", number: 1, title: "A", zip: "macuser/pdf/a.pdf", bytes: 1)])
    let set = CatalogueSet(
      [
        .init(file: "vintageapple-magazines.json", catalogue: .issue(c), sources: Sources.catalogues),
        .init(file: "vintageapple-books.json", catalogue: .issue(c), sources: Sources.catalogues),
      ], sources: Sources.catalogues)
    XCTAssertEqual(
      set.crossFindings(expect: .present).first { $0.rule == "vintageapple/series-in-one-file" }?.records,
      ["vintageapple-books.json: macuser"])
  }

  func testTheReferenceFolderPassesEveryRule() throws {
    var members: [CatalogueSet.Member] = []
    for url in try CatalogueTestData.referenceFiles() {
      let (_, c) = try CatalogueTestData.reference(url.lastPathComponent)
      members.append(.init(file: url.lastPathComponent, catalogue: c, sources: Sources.catalogues))
    }
    let set = CatalogueSet(members, sources: Sources.catalogues)
    XCTAssertEqual(set.crossFindings(expect: .all), [])
    XCTAssertEqual(set.reports().flatMap { $0.report.errors }, [])
  }
}
