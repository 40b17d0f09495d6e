import XCTest

@testable import CatalogKit

final class HTMLEntitiesTests: XCTestCase {
  func testTheTableIsHTML5sNamedReferences() {
    XCTAssertEqual(HTMLEntityTable.byName.count, HTMLEntityTable.count)
    XCTAssertEqual(HTMLEntityTable.count, 2125, "HTML5's names that end in `;`")
    XCTAssertEqual(HTMLEntityTable.byName["rsquo"], "\u{2019}")
    XCTAssertEqual(HTMLEntityTable.byName["ccaron"], "č")
    XCTAssertEqual(HTMLEntityTable.byName["dstrok"], "đ")
    XCTAssertEqual(HTMLEntityTable.byName["AMP"], "&")
    XCTAssertEqual(HTMLEntityTable.byName["NotEqualTilde"], "\u{2242}\u{0338}", "two code points")
    XCTAssertEqual(HTMLEntityTable.byName["CounterClockwiseContourIntegral"], "\u{2233}")
  }

  func testEveryNamedReferenceDecodesTheSameWayForEverySource() {
    XCTAssertEqual(HTMLEntities.decode("It&rsquo;s &ldquo;Jovan&rdquo; &Dstrok;or&dstrok;e"), "It’s “Jovan” Đorđe")
    XCTAssertEqual(HTMLEntities.decode("&CounterClockwiseContourIntegral;"), "\u{2233}")
    XCTAssertEqual(HTMLEntities.decode("&lt;1&gt; &amp;amp;"), "<1> &amp;", "one pass")
  }

  func testUnknownNamesAndReferencesWithoutASemicolonStayAsWritten() {
    XCTAssertEqual(
      HTMLEntities.decode("&bogus; AT&T Tips & Tricks &copy 1984 &; &#; &#x;"),
      "&bogus; AT&T Tips & Tricks &copy 1984 &; &#; &#x;")
    XCTAssertEqual(HTMLEntities.decode("&CounterClockwiseContourIntegralX;"), "&CounterClockwiseContourIntegralX;")
  }

  func testNumericReferencesReadAsHTML5ReadsThem() {
    XCTAssertEqual(HTMLEntities.decode("1983&#150;1984 &#8217; &#x27;&#X41;"), "1983–1984 ’ 'A")
    XCTAssertEqual(HTMLEntities.decode("&#128;&#x9F;&#129;"), "€Ÿ\u{81}", "Windows-1252 where it defines the byte")
    XCTAssertEqual(
      HTMLEntities.decode("&#0;&#xD800;&#x110000;&#99999999999999999999;"), "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")
  }

  func testTextWithoutAnAmpersandIsReturnedUntouched() {
    let s = "Čačak – 1984"
    XCTAssertEqual(HTMLEntities.decode(s), s)
  }

  func testTrimKeepsTheInsideAndCollapseJoinsRuns() {
    XCTAssertEqual(TextNormal.trim("\u{A0} a  b\n"), "a  b")
    XCTAssertEqual(TextNormal.collapse("\u{A0} a \t\n b\n"), "a b")
  }
}
