import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class ArchiveCatalogueAssemblyTests: XCTestCase {
  let url = URL(string: "https://archive.org/metadata/demo")!
  let shelf = ArchiveShelf(
    series: Series(key: "demo", name: "Demo Fanzine", code: "DF", language: "serbian"),
    identifiers: ["demo-fanzine-3-march-1991"])

  func fixtureLookup(_ name: String) throws -> ArchiveLookup {
    try ArchiveLookup.decode(TestPaths.fixtureBytes("ArchiveOrg/" + name), url: url)
  }

  func testAFanzineIssueIsTitledByMonthNameAndSizedByItsScan() throws {
    let c = try ArchiveCatalogueAssembly.assemble(
      shelves: [shelf], lookups: ["demo-fanzine-3-march-1991": try fixtureLookup("fanzine-issue.json")],
      pages: ["demo-fanzine-3-march-1991": 36], generated: "2026-11-30")
    XCTAssertEqual(c.base, "https://archive.org/download/")
    XCTAssertEqual(c.series, [shelf.series])
    XCTAssertEqual(
      c.issues,
      [
        Issue(
          id: "demo-fanzine-3-march-1991", series: "demo", number: 1, title: "Mart 1991", year: 1991, month: 3,
          zip: "demo-fanzine-3-march-1991/Demo%20Fanzine%203%20(March%201991).pdf",
          cover: "demo-fanzine-3-march-1991/page/n0_w1024.jpg",
          thumb: "demo-fanzine-3-march-1991/__ia_thumb.jpg", bytes: 5_550_001, pages: 36)
      ])
    XCTAssertEqual(ValidationReport.run(ArchiveRules.rules(expectedIssues: 1), on: c).findings, [])
  }

  func testAMissingItemStopsTheBuildNamingIt() {
    XCTAssertThrowsError(
      try ArchiveCatalogueAssembly.assemble(
        shelves: [shelf], lookups: ["demo-fanzine-3-march-1991": .noSuchItem], pages: [:], generated: "2026-11-30")
    ) { e in
      XCTAssertEqual("\(e)", "demo-fanzine-3-march-1991: no such item on archive.org")
    }
  }

  func testAnUndatedItemStopsTheBuild() throws {
    let item = try XCTUnwrap(try fixtureLookup("fanzine-undated.json").item)
    XCTAssertThrowsError(
      try ArchiveCatalogueAssembly.issue(item: item, series: shelf.series, number: 1, pages: 3, scandataURL: nil)
    ) { e in
      XCTAssertEqual("\(e)", "demo-fanzine-undated: undated (metadata date 'circa 1990' has no year)")
    }
  }

  func testAScandataWithoutPagesStopsTheBuildNamingTheScandata() throws {
    let item = try XCTUnwrap(try fixtureLookup("fanzine-issue.json").item)
    let sd = URL(string: "https://archive.org/download/x/x_scandata.xml")!
    XCTAssertThrowsError(
      try ArchiveCatalogueAssembly.issue(item: item, series: shelf.series, number: 1, pages: nil, scandataURL: sd)
    ) { e in
      XCTAssertEqual(e as? ArchiveError, .noPages(url: sd))
    }
  }

  func testAnItemWithoutAScanPDFStopsTheBuild() throws {
    try TestPaths.requireCorpus()
    let item = try XCTUnwrap(
      try ArchiveLookup.decode(TestPaths.corpus("archiveorg/byte-magazine-1986-09.json"), url: url).item)
    XCTAssertThrowsError(
      try ArchiveCatalogueAssembly.issue(item: item, series: shelf.series, number: 1, pages: 3, scandataURL: nil)
    ) { e in
      XCTAssertEqual(e as? ArchiveError, .noScan(identifier: "byte-magazine-1986-09"))
    }
  }

  func testMonthsHaveNamesOnlyInSerbianAndBosnian() {
    XCTAssertEqual(
      ArchiveCatalogueAssembly.title(date: ArchiveDate(year: 1988, month: 9), language: "bosnian"), "Septembar 1988")
    XCTAssertEqual(
      ArchiveCatalogueAssembly.title(date: ArchiveDate(year: 1988, month: 9), language: "croatian"), "1988")
    XCTAssertEqual(ArchiveCatalogueAssembly.title(date: ArchiveDate(year: 1988), language: "serbian"), "1988")
  }

  func testTheRealAmigaBiltenAnswerBuildsTheReferenceIssue() throws {
    let lookup = try ArchiveLookup.decode(TestPaths.corpus("archiveorg/amiga-bilten-1.json"), url: url)
    let pages = try ArchiveScandata.pageCount(TestPaths.corpus("archiveorg/synthetic/scandata-trimmed.xml"), url: url)
    let item = try XCTUnwrap(lookup.item)
    let bilten = try XCTUnwrap(ArchiveShelf.fanzines.first { $0.series.key == "amiga-bilten" })
    let issue = try ArchiveCatalogueAssembly.issue(
      item: item, series: bilten.series, number: 1, pages: pages, scandataURL: nil)

    let refData = try Data(contentsOf: TestPaths.shared("reference-catalogs/archive-catalog.json"))
    let reference = try JSONDecoder().decode(IssueCatalogue.self, from: refData)
    XCTAssertEqual(issue, reference.issues.first { $0.id == "amiga-bilten-1" })
    XCTAssertEqual(ArchiveShelf.fanzines.map(\.series), reference.series)
    XCTAssertEqual(
      ArchiveShelf.fanzines.flatMap(\.identifiers), reference.issues.map(\.id), "configuration order is issue order")
  }
}
