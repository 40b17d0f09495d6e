import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class HTMLDocumentTests: XCTestCase {
  func testMisnestedMarkupStillYieldsLinksAndText() throws {
    let doc = try HTMLDocument(
      html: "<table><tr><td><a href='x/ZIP/a.zip'><font><b>Name</a></font> &amp; more</td></tr></table>",
      url: URL(string: "https://example.org/dir/page.html"))
    XCTAssertEqual(doc.select("//a").first?.url("href")?.absoluteString, "https://example.org/dir/x/ZIP/a.zip")
    XCTAssertEqual(doc.first("//td")?.text, "Name & more")
  }

  func testTextCollapsesWhitespaceAndNonBreakingSpaces() throws {
    let doc = try HTMLDocument(html: "<p>  one&nbsp;&nbsp;two\n\t three </p>")
    XCTAssertEqual(doc.first("//p")?.text, "one two three")
    XCTAssertEqual(HTMLDocument.plainText(ofFragment: "a<br>b &eacute;<i>c</i>"), "a b é c")
  }

  func testAWindows1250PageKeepsItsDiacritics() throws {
    let bytes =
      Array("<html><body><p>Spektrum Priru".utf8) + [0xE8] + Array("nik, ".utf8) + [0x9E, 0x8A]
      + Array("</p></body></html>".utf8)
    let doc = try HTMLDocument(bytes: bytes, policy: .utf8Else(.windows1250))
    XCTAssertEqual(doc.encoding, .windows1250)
    XCTAssertEqual(doc.first("//p")?.text, "Spektrum Priručnik, žŠ")
  }

  func testTheRealCp1250BooksIndexDecodesPriirucnik() throws {
    let bytes = try TestPaths.corpus("retrospec/index/indexKnjige.html")
    let doc = try HTMLDocument(
      bytes: bytes, url: URL(string: "https://retrospec.elite.org/pcsux/indexKnjige.html"),
      policy: .utf8Else(.windows1250))
    XCTAssertEqual(doc.encoding, .windows1250, "the page is not valid UTF-8, whatever its meta says")
    XCTAssertTrue(doc.text.contains("Spektrum Priručnik"))
    let fonts = doc.select("//font").map(\.text)
    XCTAssertTrue(fonts.contains { $0.hasPrefix("Spektrum Priručnik") }, "\(fonts.prefix(5))")
    let zip = doc.select("//a[contains(@href, '/ZIP/')]").first?.url("href")
    XCTAssertEqual(zip?.host, "retrospec.elite.org")
  }

  func testTheRealUTF8PageThatDeclaresCp1250IsReadAsUTF8() throws {
    let bytes = try TestPaths.corpus("retrospec/index/indexSK.html")
    XCTAssertEqual(TextDecoder.metaCharset(bytes), "windows-1250")
    let doc = try HTMLDocument(bytes: bytes, policy: .utf8Else(.windows1250))
    XCTAssertEqual(doc.encoding, .utf8)
    XCTAssertFalse(doc.text.contains("Ä"), "no UTF-8 read as cp1250 mojibake")
    XCTAssertGreaterThan(doc.select("//a[contains(@href, 'magshow.php?all=')]").count, 100)
  }

  func testADeclaredCharsetIsHonouredWhenThePolicySaysSo() throws {
    let bytes = try TestPaths.corpus("bombjack/index-commodore.htm")
    XCTAssertEqual(TextDecoder.metaCharset(bytes), "iso-8859-15")
    let doc = try HTMLDocument(
      bytes: bytes, url: URL(string: "https://commodore.bombjack.org/index.htm"), policy: .utf8Else(.latin1))
    XCTAssertNotNil(doc.title)
    XCTAssertTrue(doc.select("//a[@href]").allSatisfy { $0.url("href") != nil || ($0.attribute("href") ?? "").isEmpty })
  }

  func testLibxml2VersionIsRecordedForReports() {
    XCTAssertTrue(HTMLDocument.libxmlVersion.hasPrefix("2."), HTMLDocument.libxmlVersion)
  }
}
