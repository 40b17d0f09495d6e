import CatalogKit
import Foundation
import XCTest

final class SHA256Tests: XCTestCase {
  func testTheStandardVectorsHashToTheirPublishedDigests() {
    XCTAssertEqual(SHA256.hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    XCTAssertEqual(SHA256.hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    XCTAssertEqual(
      SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    XCTAssertEqual(
      SHA256.hex("The quick brown fox jumps over the lazy dog"),
      "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592")
  }

  func testAMillionBytesHashCorrectly() {
    XCTAssertEqual(
      SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)),
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  func testFeedingInPiecesGivesTheSameDigestAsOneCall() {
    let bytes = (0..<1000).map { UInt8($0 % 251) }
    let whole = "4e4c294b331f7a2099a379bec34b9f9fc03dc46ab465d998f4d683da53487e6d"
    XCTAssertEqual(SHA256.hex(bytes), whole)
    for cut in [1, 55, 56, 63, 64, 65, 128, 999] {
      var h = SHA256()
      h.update(bytes[..<cut])
      h.update(bytes[cut...])
      XCTAssertEqual(SHA256.hex(digest: h.finalize()), whole, "cut at \(cut)")
    }
    var byByte = SHA256()
    for b in bytes { byByte.update([b]) }
    XCTAssertEqual(SHA256.hex(digest: byByte.finalize()), whole)
    var lead = SHA256()
    lead.update(contiguous: bytes)
    XCTAssertEqual(SHA256.hexString(lead.finalize()), whole)
  }
}

extension SHA256Tests {
  /// Prints the hashing rate (cache bodies are hashed on every store and verify); asserts nothing about time.
  func testBenchmarkHashingFourMegabytes() {
    let bytes = (0..<4_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let start = Date()
    let hex = SHA256.hex(bytes)
    let seconds = Date().timeIntervalSince(start)
    print(
      "benchmark: SHA-256 of 4 MB took \(String(format: "%.3f", seconds)) s (\(String(format: "%.0f", 4 / max(seconds, 1e-6))) MB/s)"
    )
    XCTAssertEqual(hex.count, 64)
  }
}
