import CatalogKit
import XCTest

final class ZipCRC32Tests: XCTestCase {
  func testTheCheckValueOfTheZipPolynomialIsCBF43926() {
    XCTAssertEqual(ZipCRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
    XCTAssertEqual(ZipCRC32.checksum([]), 0)
  }

  func testFeedingInPiecesGivesTheSameChecksumAsOneCall() {
    let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
    var c = ZipCRC32()
    for start in stride(from: 0, to: bytes.count, by: 777) {
      bytes[start..<min(start + 777, bytes.count)].withUnsafeBufferPointer { c.update($0) }
    }
    XCTAssertEqual(c.value, ZipCRC32.checksum(bytes))
  }
}
