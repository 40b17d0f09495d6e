import CatalogKit
import XCTest

final class BidiControlTests: XCTestCase {
  func testOverridesIsolatesAndMarksAreWrittenAsTheirCodePoints() {
    XCTAssertEqual(
      BidiControl.neutralised("a\u{202E}b\u{2066}c\u{2069}d\u{200F}"), "a[U+202E]b[U+2066]c[U+2069]d[U+200F]")
    XCTAssertEqual(BidiControl.neutralised("\u{061C}"), "[U+061C]")
  }

  func testTextWithoutControlsIsUnchangedIncludingRightToLeftLetters() {
    for s in ["Svet kompjutera", "Džuboks 12", "שלום", "", "a\u{200D}b"] {
      XCTAssertEqual(BidiControl.neutralised(s), s)
    }
  }
}
