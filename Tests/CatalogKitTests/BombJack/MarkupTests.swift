import XCTest

@testable import CatalogKit

final class MarkupTests: XCTestCase {
  func testPlainTextTurnsTagsIntoSpacesAndDecodesEntities() {
    let m = Markup("A<br>B&nbsp;&amp;&#39;C&#x41;<!-- x > y -->D &unknown; E")
    XCTAssertEqual(m.plainText(0..<m.bytes.count), "A B &'CA D &unknown; E")
  }

  func testAttributesAcceptEveryQuotingStyleAndIgnoreCase() {
    let m = Markup("<A HREF='a b.zip' class=x data-x=\"1>2\" checked>")
    let end = m.tagEnd(from: 0)
    XCTAssertEqual(end, m.bytes.count)
    XCTAssertEqual(m.attribute("href", ofTagAt: 0, end: end), "a b.zip")
    XCTAssertEqual(m.attribute("class", ofTagAt: 0, end: end), "x")
    XCTAssertEqual(m.attribute("data-x", ofTagAt: 0, end: end), "1>2")
    XCTAssertEqual(m.attribute("checked", ofTagAt: 0, end: end), "")
  }

  func testATagNameMustEndWhereTheNameEnds() {
    let m = Markup("<abbr>x</abbr><a href=y>")
    XCTAssertEqual(m.findTag(Array("a".utf8), from: 0), 14)
  }

  func testWindowsCodePointsWrittenAsNumbersBecomeTheirCharacters() {
    XCTAssertEqual(Markup.decodeEntities("1983&#150;1984 &#8217;"), "1983–1984 ’")
  }
}
