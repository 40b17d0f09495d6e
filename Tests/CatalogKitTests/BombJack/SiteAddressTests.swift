import Foundation
import XCTest

@testable import CatalogKit

final class SiteAddressTests: XCTestCase {
  let page = URL(string: "https://commodore.bombjack.org/commodore/books.htm")!

  func testRawSpacesBracketsAndAccentsInLinksArePercentEncoded() {
    XCTAssertEqual(
      SiteAddress.resolve("books/My Book [1984].zip", against: page)?.absoluteString,
      "https://commodore.bombjack.org/commodore/books/My%20Book%20%5B1984%5D.zip")
    XCTAssertEqual(
      SiteAddress.resolve(" books/Café.pdf ", against: page)?.absoluteString,
      "https://commodore.bombjack.org/commodore/books/Caf%C3%A9.pdf")
    XCTAssertEqual(
      SiteAddress.resolve("books/Already%20Encoded.zip", against: page)?.absoluteString,
      "https://commodore.bombjack.org/commodore/books/Already%20Encoded.zip", "escapes are not encoded twice")
    XCTAssertNil(SiteAddress.resolve("  ", against: page))
  }

  func testTextLowercasesTheHostAndKeepsThePathAsWritten() {
    let u = URL(string: "HTTP://Commodore.BombJack.ORG/Books/A%20B.ZIP?x=1#frag")!
    XCTAssertEqual(SiteAddress.text(of: u), "http://commodore.bombjack.org/Books/A%20B.ZIP?x=1")
    XCTAssertEqual(
      SiteAddress.text(of: u, scheme: "https", keepQuery: false), "https://commodore.bombjack.org/Books/A%20B.ZIP")
  }

  func testFileNamesAreDecodedAndFoldersHaveNoExtension() {
    let u = URL(string: "https://commodore.bombjack.org/magazines/generic/the-dragon/Dragon%20Magazine%20%23001.zip")!
    XCTAssertEqual(SiteAddress.fileName(u), "Dragon Magazine #001.zip")
    XCTAssertEqual(SiteAddress.pathExtension(u), "zip")
    XCTAssertEqual(SiteAddress.pathExtension(URL(string: "https://commodore.bombjack.org/a/v1.2/")!), "")
    XCTAssertEqual(SiteAddress.segments(u), ["magazines", "generic", "the-dragon", "Dragon Magazine #001.zip"])
  }
}
