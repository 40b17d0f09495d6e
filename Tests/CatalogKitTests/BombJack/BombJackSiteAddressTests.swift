import Foundation
import XCTest

@testable import CatalogKit

final class BombJackSiteAddressTests: XCTestCase {
  let page = URL(string: "https://commodore.bombjack.org/commodore/books.htm")!

  func testRawSpacesBracketsAndAccentsInLinksArePercentEncoded() {
    XCTAssertEqual(
      BombJackSiteAddress.resolve("books/My Book [1984].zip", against: page)?.absoluteString,
      "https://commodore.bombjack.org/commodore/books/My%20Book%20%5B1984%5D.zip")
    XCTAssertEqual(
      BombJackSiteAddress.resolve(" books/Café.pdf ", against: page)?.absoluteString,
      "https://commodore.bombjack.org/commodore/books/Caf%C3%A9.pdf")
    XCTAssertEqual(
      BombJackSiteAddress.resolve("books/Already%20Encoded.zip", against: page)?.absoluteString,
      "https://commodore.bombjack.org/commodore/books/Already%20Encoded.zip", "escapes are not encoded twice")
    XCTAssertNil(BombJackSiteAddress.resolve("  ", against: page))
  }

  func testTextLowercasesTheHostAndKeepsThePathAsWritten() {
    let u = URL(string: "HTTP://Commodore.BombJack.ORG/Books/A%20B.ZIP?x=1#frag")!
    XCTAssertEqual(BombJackSiteAddress.text(of: u), "http://commodore.bombjack.org/Books/A%20B.ZIP?x=1")
    XCTAssertEqual(
      BombJackSiteAddress.text(of: u, scheme: "https", keepQuery: false),
      "https://commodore.bombjack.org/Books/A%20B.ZIP")
  }

  func testFileNamesAreDecodedAndFoldersHaveNoExtension() {
    let u = URL(string: "https://commodore.bombjack.org/magazines/generic/the-dragon/Dragon%20Magazine%20%23001.zip")!
    XCTAssertEqual(BombJackSiteAddress.fileName(u), "Dragon Magazine #001.zip")
    XCTAssertEqual(BombJackSiteAddress.pathExtension(u), "zip")
    XCTAssertEqual(BombJackSiteAddress.pathExtension(URL(string: "https://commodore.bombjack.org/a/v1.2/")!), "")
    XCTAssertEqual(BombJackSiteAddress.segments(u), ["magazines", "generic", "the-dragon", "Dragon Magazine #001.zip"])
  }
}
