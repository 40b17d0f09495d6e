import XCTest

@testable import CatalogKit

final class MarkupTextTests: XCTestCase {
  func testTagsBecomeSpacesAndInnerWhitespaceStays() {
    XCTAssertEqual(MarkupText.inner(" <b>Foo</b>  &amp; <i>Bar</i> "), "Foo   &  Bar")
  }

  func testInnerTextDecodesWithTheSharedTable() {
    XCTAssertEqual(
      MarkupText.inner("VCS Owner&#x27;s &#233;t&eacute; &lt;1&gt; &bogus; AT&T &rsquo;"),
      "VCS Owner's été <1> &bogus; AT&T \u{2019}")
  }

  func testTheEarliestMonthNameWinsWhateverItsCase() {
    XCTAssertEqual(MarkupText.earliestMonth(in: "December / January - 1982"), 12)
    XCTAssertEqual(MarkupText.earliestMonth(in: "SPRING / june - 1997"), 6)
    XCTAssertNil(MarkupText.earliestMonth(in: "Autumn - 1998"))
  }
}
