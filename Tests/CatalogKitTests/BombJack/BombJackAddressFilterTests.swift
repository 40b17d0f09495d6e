import Foundation
import XCTest

@testable import CatalogKit

final class BombJackAddressFilterTests: XCTestCase {
  func testHTTPIsUpgradedAndHostsAreLowercasedOnTLSHosts() {
    XCTAssertEqual(
      BombJackAddressFilter.download(URL(string: "http://Commodore.BombJack.org/a/B%20c.zip#x")!),
      "https://commodore.bombjack.org/a/B%20c.zip")
    XCTAssertEqual(
      BombJackAddressFilter.download(URL(string: "http://arcarc.xmission.com/x.pdf")!),
      "https://arcarc.xmission.com/x.pdf")
  }

  func testDownloadsOnHostsWithoutTLSOrOtherServersAreRefused() {
    XCTAssertNil(BombJackAddressFilter.download(URL(string: "http://bombjack.org/x.zip")!))
    XCTAssertNil(BombJackAddressFilter.download(URL(string: "https://www.bombjack.org/x.zip")!))
    XCTAssertNil(BombJackAddressFilter.download(URL(string: "https://www.example.com/x.zip")!))
    XCTAssertNil(BombJackAddressFilter.download(URL(string: "ftp://commodore.bombjack.org/x.zip")!))
    if let typo = URL(string: "https:///magazines/x.zip") { XCTAssertNil(BombJackAddressFilter.download(typo)) }
  }

  func testCoversMayStayHTTPOnTheOldHost() {
    XCTAssertEqual(
      BombJackAddressFilter.cover(URL(string: "http://BombJack.org/arcade/a.jpg")!), "http://bombjack.org/arcade/a.jpg")
    XCTAssertEqual(
      BombJackAddressFilter.cover(URL(string: "http://commodore.bombjack.org/a.jpg")!),
      "https://commodore.bombjack.org/a.jpg")
    XCTAssertNil(BombJackAddressFilter.cover(URL(string: "https://images.example.com/a.jpg")!))
  }

  func testCoverDisksAreNotPublicationsButTheirPDFManualsAre() {
    XCTAssertFalse(
      BombJackAddressFilter.isPublication("https://commodore.bombjack.org/commodore/disks/magazines/Ahoy_01.pdf"))
    XCTAssertFalse(BombJackAddressFilter.isPublication("https://commodore.bombjack.org/commodore/disks/books/x.zip"))
    XCTAssertTrue(
      BombJackAddressFilter.isPublication("https://commodore.bombjack.org/commodore/disks/books/manual.pdf"))
    XCTAssertTrue(BombJackAddressFilter.isPublication("https://commodore.bombjack.org/magazines/commodore/ahoy/a.zip"))
  }
}
