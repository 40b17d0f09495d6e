import BuildSupport
import CatalogKit
import XCTest

final class HostAllowlistTests: XCTestCase {
  let list = HostAllowlist.standard

  func testHostsMatchExactlyAfterLowercasing() {
    XCTAssertTrue(list.allows("https://RetroSpec.Elite.ORG/pcsux/SKH/ZIP/1984_10.zip"))
    XCTAssertTrue(list.allows("http://archive.org/download/x/y.pdf"))
    XCTAssertEqual(list.problem(with: "https://cdn.retrospec.elite.org/a.zip"), .host("cdn.retrospec.elite.org"))
    XCTAssertEqual(list.problem(with: "https://bombjack.org/a.zip"), .host("bombjack.org"))
    XCTAssertEqual(list.problem(with: "https://www.mediafire.com/file/a.zip"), .host("www.mediafire.com"))
  }

  func testOnlyHttpAndHttpsSchemesAreAccepted() {
    XCTAssertEqual(list.problem(with: "ftp://archive.org/a.zip"), .scheme("ftp"))
    XCTAssertEqual(list.problem(with: "file:///etc/passwd"), .noHost)
    XCTAssertEqual(list.problem(with: "SKH/ZIP/1984_10.zip"), .unparsable)
  }

  func testTheListHoldsTheSixHostsOfTheSpec() {
    XCTAssertEqual(
      list.hosts,
      [
        "retrospec.elite.org", "archive.org", "commodore.bombjack.org", "arcarc.xmission.com", "www.atarimania.com",
        "vintageapple.org",
      ])
  }

  func testTheFileListHasEighteenDistinctFilesAndEveryIssueBaseHostIsAllowed() {
    XCTAssertEqual(Sources.catalogues.files.count, 18)
    XCTAssertEqual(Set(Sources.catalogues.files.map(\.file)).count, 18)
    XCTAssertEqual(Set(Sources.catalogues.files.map(\.site)).count, 18)
    XCTAssertEqual(Sources.catalogues.files(ofSource: "bombjack").count, 7)
    for e in Sources.catalogues.files where e.shape == .issue && !e.base.isEmpty {
      XCTAssertTrue(list.allows(e.base + "x.zip"), e.file)
    }
    XCTAssertEqual(Sources.catalogues.entry(forFile: "popboks-ritam.json")?.resourceName, "popboks-ritam")
  }
}
