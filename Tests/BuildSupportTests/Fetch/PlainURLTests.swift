import Foundation
import XCTest

@testable import BuildSupport
@testable import CatalogKit

/// The shortcut for URLs already in normal form must name every URL exactly as URLComponents does.
final class PlainURLTests: XCTestCase {
  let urls = [
    "https://commodore.bombjack.org/", "https://commodore.bombjack.org/p0/s1/m2.htm",
    "http://example.org/a/b?x=1&y=2", "https://example.org/a%20b/c%2Fd.zip", "https://example.org/a?",
    "https://Example.org/a", "HTTPS://example.org/a", "https://example.org:443/a", "http://example.org:80/a",
    "https://example.org:8443/a", "https://example.org", "https://example.org/a#frag", "https://user@example.org/a",
    "https://example.org/a%2", "https://example.org/a%zz", "https://example.org/a%2g", "https://[::1]/a",
    "https://example.org/~x/(y)!$'*+,;=:@z", "https://example.org/a/../b", "https://example.org//a",
    "ftp://example.org/a", "https://exa_mple.org/a", "https://example.org/dl/file.ZIP?x",
    "https://commodore.bombjack.org/magazines/commodore/added/New_Issue_1_2026_Nov_F900001.zip",
    "https://example.org/ü", "https://example.org/a b", "https://xn--bcher-kva.example/a",
    "https://a--b.example/a", "https://a-b.example/xn--a",
  ]

  func testAPlainURLIsNamedAsURLComponentsNamesIt() throws {
    var plain = 0
    for s in urls {
      guard let u = URL(string: s) else { continue }
      XCTAssertEqual(CacheKey.normalise(u), CacheKey.normaliseByComponents(u), s)
      XCTAssertEqual(ChangedRows.target(of: u), ChangedRows.targetByComponents(of: u), s)
      if PlainURL(u) != nil { plain += 1 }
    }
    XCTAssertGreaterThan(plain, 8)
    XCTAssertNil(PlainURL(URL(string: "https://Example.org/a")!))
    XCTAssertNil(PlainURL(URL(string: "https://example.org/a#x")!))
    XCTAssertEqual(PlainURL(URL(string: "https://example.org/a?b")!)?.target, "example.org/a?b")
  }

  func testAPlainAddressHasTheHostAndPathURLGives() throws {
    var plain = 0
    for s in urls {
      guard let p = PlainURL(text: s) else { continue }
      plain += 1
      let u = try XCTUnwrap(URL(string: s), s)
      XCTAssertEqual(p.host, u.host(percentEncoded: true), s)
      XCTAssertEqual(p.path, u.path(percentEncoded: true), s)
    }
    XCTAssertGreaterThan(plain, 8)
    XCTAssertEqual(PlainURL(text: "https://h.org/a/b%20c.zip?x=/y")?.path, "/a/b%20c.zip")
    XCTAssertEqual(PlainURL(text: "https://h.org/")?.path, "/")
    XCTAssertNil(PlainURL(text: "https://h.org"), "no path")
  }

  func testARelativeURLIsNamedByWhatItResolvesTo() throws {
    let base = try XCTUnwrap(URL(string: "https://commodore.bombjack.org/p0/s1/index.htm"))
    for href in ["m2.htm", "../s2/m3.htm", "/x.htm?y", "./a/./b.htm", "HTTPS://Other.ORG/a"] {
      let u = try XCTUnwrap(URL(string: href, relativeTo: base))
      XCTAssertEqual(CacheKey.normalise(u), CacheKey.normaliseByComponents(u), href)
      XCTAssertEqual(ChangedRows.target(of: u), ChangedRows.targetByComponents(of: u), href)
    }
  }

  func testImmutableSuffixesMatchOnBytesAsOnText() {
    let rules = FreshnessRules([], immutableSuffixes: [".pdf", ".zip", ".PDF", ""])
    for t in ["h/a.zip", "h/a.ZIP", "h/a.Pdf?x=1", "h/a.zip?", "h/a?x.zip", "h/zip", "h/ü.zip", "h/a.pdfx", "zip"] {
      let path = t.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      XCTAssertEqual(rules.looksImmutable(t), rules.immutableSuffixes.contains { path.lowercased().hasSuffix($0) }, t)
    }
  }
}
