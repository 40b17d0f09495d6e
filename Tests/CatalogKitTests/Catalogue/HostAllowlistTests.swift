import BuildSupport
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

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

/// The quick reading of plain URLs must agree with `URLComponents` wherever it reads one.
final class PlainURLPartsTests: XCTestCase {
  func testPlainURLsReadAsURLComponentsReadsThem() throws {
    var urls = [
      "http://a.b/c", "HTTPS://Commodore.BombJack.org/x%20y/z.zip?q=1&r=(2)#frag", "http://a..b/", "http://-a-/",
      "http://1.2.3.4/", "http://999.1.1.1/x", "ftp://a/b", "h+1.-x://a", "http://a", "http://a?b#c/d?e",
      "http://a#", "http://a/~_.!$&'*+,;=:@", "http://a./", "http://a/b%2Fc%2e%2E",
      // Not plain: `URLComponents` reads these, the quick reading must not claim them.
      "http://a/b%zz", "http://a/b%2", "http://a/b#c#d", "http://a/[x]", "http://a/ b", "http://a/é", "1http://a",
      "http://a:80/", "http://u@a/", "http:///x", "http:a/b", ":x", "http://a/b\\c", "http://a_b/", "http://[::1]/",
      "http://a/\"", "http://a/<b>", "http://a/{b}", "http://a/b|c", "http://a/b^c", "http://a/b`c",
    ]
    let folder = TestPaths.packageRoot.appendingPathComponent("catalogs")
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
      let c = try CatalogueFile.decode([UInt8](try Data(contentsOf: folder.appendingPathComponent(name))), file: name)
      if case .issue(let i) = c {
        urls += i.issues.flatMap { [c.base + $0.zip] + [$0.cover, $0.thumb].compactMap { $0 } }
      }
    }
    var quick = 0
    for u in urls {
      guard let parts = DownloadURL.plainParts(u) else { continue }
      quick += 1
      XCTAssertEqual(DownloadURL.foundationParse(u), .success(parts), u)
    }
    XCTAssertGreaterThan(quick, 18_000)
    XCTAssertNil(DownloadURL.plainParts("http://a/b%zz"))
    XCTAssertNil(DownloadURL.plainParts("http://a:80/"))
  }
}
