import XCTest

@testable import CatalogKit

final class HTMLScannerTests: XCTestCase {
  func testPlainTextTurnsTagsIntoSpacesAndDecodesEntities() {
    let m = HTMLScanner("A<br>B&nbsp;&amp;&#39;C&#x41;<!-- x > y -->D &unknown; E")
    XCTAssertEqual(m.plainText(0..<m.bytes.count), "A B &'CA D &unknown; E")
  }

  func testAttributesAcceptEveryQuotingStyleAndIgnoreCase() {
    let m = HTMLScanner("<A HREF='a b.zip' class=x data-x=\"1>2\" checked>")
    let end = m.tagEnd(from: 0)
    XCTAssertEqual(end, m.bytes.count)
    XCTAssertEqual(m.attribute("href", ofTagAt: 0, end: end), "a b.zip")
    XCTAssertEqual(m.attribute("class", ofTagAt: 0, end: end), "x")
    XCTAssertEqual(m.attribute("data-x", ofTagAt: 0, end: end), "1>2")
    XCTAssertEqual(m.attribute("checked", ofTagAt: 0, end: end), "")
  }

  func testATagNameMustEndWhereTheNameEnds() {
    let m = HTMLScanner("<abbr>x</abbr><a href=y>")
    XCTAssertEqual(m.findTag(Array("a".utf8), from: 0), 14)
  }

  func testFindMatchesEitherCaseOnlyWhenAsked() {
    let m = HTMLScanner("x <TD>a</td>")
    XCTAssertEqual(m.find(Array("<td".utf8), from: 0), 2)
    XCTAssertNil(m.find(Array("<td".utf8), from: 0, to: 4))
    XCTAssertEqual(m.find(Array("</td".utf8), from: 0, caseInsensitive: false), 7)
    XCTAssertNil(m.find(Array("<td".utf8), from: 0, caseInsensitive: false))
  }

  func testTheQuoteAwareAndThePlainTagEndsDifferOnlyInsideQuotes() {
    let m = HTMLScanner("<img alt=\"a>b\" src=x>rest")
    XCTAssertEqual(m.tagEnd(from: 0), 21)
    XCTAssertEqual(m.firstTagClose(from: 0), 12)
    XCTAssertNil(HTMLScanner("<img").firstTagClose(from: 0))
  }

  func testAFragmentsPlainTextIsTheSameForEverySource() {
    XCTAssertEqual(
      HTMLScanner.plainText(ofFragment: " Snijeg <i>u</i>&nbsp;kolovozu&#150;1 "), "Snijeg u kolovozu\u{2013}1")
    XCTAssertEqual(HTMLDocument.plainText(ofFragment: "Tom &amp; Jerry<br/>&rsquo;"), "Tom & Jerry \u{2019}")
  }
}
