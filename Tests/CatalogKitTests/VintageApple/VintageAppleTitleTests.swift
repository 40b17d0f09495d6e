import XCTest

@testable import CatalogKit

final class VintageAppleTitleTests: XCTestCase {
  func testALeadingDateStampAndTheExtensionGo() {
    XCTAssertEqual(
      VintageAppleTitle.clean(linkText: " 198106 Foo Magazine Vol 06-06.pdf ", href: "pdf/x.pdf"),
      "Foo Magazine Vol 06-06")
  }

  func testBookTitlesKeepATrailingYear() {
    XCTAssertEqual(
      VintageAppleTitle.clean(linkText: "Some Book Title 1984.PDF", href: "pdf/x.pdf"), "Some Book Title 1984")
  }

  func testUnderscoresBecomeSpacesAndRunsCollapse() {
    XCTAssertEqual(VintageAppleTitle.clean(linkText: "A__B  C.pdf", href: "pdf/x.pdf"), "A B C")
    XCTAssertEqual(VintageAppleTitle.clean(linkText: "", href: "pdf/200001_New_Book.pdf"), "New Book")
  }
}
