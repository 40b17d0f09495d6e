import XCTest

@testable import CatalogKit

final class HTMLDocumentTests: XCTestCase {
  func testMisnestedMarkupStillYieldsLinks() throws {
    let doc = try HTMLDocument(
      html: "<table><tr><td><a href='x/ZIP/a.zip'><font><b>Name</a></font> &amp; more</td></tr></table>",
      url: URL(string: "https://example.org/dir/page.html"))
    XCTAssertEqual(doc.select("//a").first?.url("href")?.absoluteString, "https://example.org/dir/x/ZIP/a.zip")
    XCTAssertEqual(doc.first("//td")?.text, "Name & more")
  }
}
