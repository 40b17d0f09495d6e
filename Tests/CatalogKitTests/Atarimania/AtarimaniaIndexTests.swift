import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class AtarimaniaIndexTests: XCTestCase {
  let url = "https://www.atarimania.com/magazines"

  func testTitleIdsComeFromMagazineLinksInFirstSeenOrderWithoutDuplicates() throws {
    let index = try AtarimaniaIndex.parse(try TestPaths.fixtureBytes("Atarimania/index-three-titles.html"), url: url)
    XCTAssertEqual(index.ids, ["901", "902", "903"])
    XCTAssertEqual(index.titles.map(\.name), ["Foo & Bar!", "Café Club", "VCS Owner's Club Bulletin"])
    XCTAssertEqual(index.statedCount, 3)
  }

  func testTheBareMagazinesLinkAndTheEscapedPayloadCopiesDoNotCount() throws {
    let index = try AtarimaniaIndex.parse(try TestPaths.fixtureBytes("Atarimania/index-three-titles.html"), url: url)
    XCTAssertFalse(index.ids.contains("904"), "the Next.js payload's escaped href is not an attribute")
    XCTAssertFalse(index.ids.contains(""))
  }

  func testAnIndexWithoutTitleLinksIsAnErrorNamingThePage() {
    let page = Array(
      "<!DOCTYPE html><html><head><script src=\"/_next/static/x.js\"></script></head><body><a href=\"/magazines\">Magazines</a></body></html>"
        .utf8)
    XCTAssertThrowsError(try AtarimaniaIndex.parse(page, url: url)) { error in
      XCTAssertEqual(error as? AtarimaniaError, .noTitles(url: url))
      XCTAssertTrue("\(error)".hasPrefix("https://www.atarimania.com/magazines: no /magazines/<id> links"))
    }
  }

  func testAChallengeInsteadOfTheIndexIsARefusal() throws {
    let page = try TestPaths.fixtureBytes("Atarimania/challenge-just-a-moment.html")
    XCTAssertThrowsError(try AtarimaniaIndex.parse(page, url: url)) { error in
      guard case .challenge(let u, _)? = error as? AtarimaniaError else { return XCTFail("\(error)") }
      XCTAssertEqual(u, url)
      XCTAssertTrue((error as? AtarimaniaError)?.isRefusal == true)
    }
  }

  func testTheRealIndexListsEightyFiveTitlesAsItStates() throws {
    let index = try AtarimaniaIndex.parse(try TestPaths.corpus("atarimania/index.html"), url: url)
    XCTAssertEqual(index.ids.count, 85)
    XCTAssertEqual(index.statedCount, 85)
    XCTAssertEqual(index.titles.first, AtarimaniaIndex.Entry(id: "118", name: "8:16"))
    XCTAssertEqual(index.titles.last, AtarimaniaIndex.Entry(id: "38", name: "Zong"))
    XCTAssertEqual(Array(index.ids[6...7]), ["18", "20"], "ANALOG and Antic follow Alert")
    XCTAssertEqual(index.titles.first { $0.id == "8" }?.name, "VCS Owner's Club Bulletin")
    XCTAssertEqual(Set(index.ids).count, 85)
  }

  func testEveryReferenceSeriesIsATitleOnTheRealIndexUnderTheSameKey() throws {
    let index = try AtarimaniaIndex.parse(try TestPaths.corpus("atarimania/index.html"), url: url)
    let referenceURL = try TestPaths.shared("reference-catalogs/atarimania-catalog.json")
    let reference = try JSONDecoder().decode(IssueCatalogue.self, from: Data(contentsOf: referenceURL))
    XCTAssertEqual(reference.series.count, 70, "15 of the 85 titles listed no PDF when the reference was built")
    for series in reference.series {
      let entry = try XCTUnwrap(index.titles.first { $0.id == series.code }, series.key)
      XCTAssertEqual(AtarimaniaCatalogueAssembly.seriesKey(name: entry.name ?? "", id: entry.id), series.key)
    }
  }
}
