import Foundation
import XCTest

@testable import CatalogKit

final class AddressFilterTests: XCTestCase {
  func testHTTPIsUpgradedAndHostsAreLowercasedOnTLSHosts() {
    XCTAssertEqual(
      AddressFilter.download(URL(string: "http://Commodore.BombJack.org/a/B%20c.zip#x")!),
      "https://commodore.bombjack.org/a/B%20c.zip")
    XCTAssertEqual(
      AddressFilter.download(URL(string: "http://arcarc.xmission.com/x.pdf")!), "https://arcarc.xmission.com/x.pdf")
  }

  func testDownloadsOnHostsWithoutTLSOrOtherServersAreRefused() {
    XCTAssertNil(AddressFilter.download(URL(string: "http://bombjack.org/x.zip")!))
    XCTAssertNil(AddressFilter.download(URL(string: "https://www.bombjack.org/x.zip")!))
    XCTAssertNil(AddressFilter.download(URL(string: "https://www.example.com/x.zip")!))
    XCTAssertNil(AddressFilter.download(URL(string: "ftp://commodore.bombjack.org/x.zip")!))
    if let typo = URL(string: "https:///magazines/x.zip") { XCTAssertNil(AddressFilter.download(typo)) }
  }

  func testCoversMayStayHTTPOnTheOldHost() {
    XCTAssertEqual(
      AddressFilter.cover(URL(string: "http://BombJack.org/arcade/a.jpg")!), "http://bombjack.org/arcade/a.jpg")
    XCTAssertEqual(
      AddressFilter.cover(URL(string: "http://commodore.bombjack.org/a.jpg")!), "https://commodore.bombjack.org/a.jpg")
    XCTAssertNil(AddressFilter.cover(URL(string: "https://images.example.com/a.jpg")!))
  }

  func testCoverDisksAreNotPublicationsButTheirPDFManualsAre() {
    XCTAssertFalse(AddressFilter.isPublication("https://commodore.bombjack.org/commodore/disks/magazines/Ahoy_01.pdf"))
    XCTAssertFalse(AddressFilter.isPublication("https://commodore.bombjack.org/commodore/disks/books/x.zip"))
    XCTAssertTrue(AddressFilter.isPublication("https://commodore.bombjack.org/commodore/disks/books/manual.pdf"))
    XCTAssertTrue(AddressFilter.isPublication("https://commodore.bombjack.org/magazines/commodore/ahoy/a.zip"))
  }
}
