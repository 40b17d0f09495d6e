import CatalogKit
import XCTest

final class SHA1Tests: XCTestCase {
  private func hex(_ b: [UInt8]) -> String { b.map { String(format: "%02x", $0) }.joined() }

  func testSHA1MatchesTheFIPSExamples() {
    XCTAssertEqual(hex(SHA1.digest(Array("abc".utf8))), "a9993e364706816aba3e25717850c26c9cd0d89d")
    XCTAssertEqual(hex(SHA1.digest([UInt8]())), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    XCTAssertEqual(
      hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))),
      "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
  }

  func testSHA1FedInPiecesEqualsSHA1OfTheWhole() {
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    var h = SHA1()
    for piece in stride(from: 0, to: bytes.count, by: 37) { h.update(bytes[piece..<min(piece + 37, bytes.count)]) }
    XCTAssertEqual(h.finalize(), SHA1.digest(bytes))
    // A million a's: the long FIPS example, crossing many blocks.
    XCTAssertEqual(
      hex(SHA1.digest([UInt8](repeating: 0x61, count: 1_000_000))), "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
  }

  func testBase32RoundTripsAndSpellsDigestsAsWARCToolsDo() {
    // The sha1 of an empty payload, as wget and warcio write it.
    XCTAssertEqual(WARCDigest.sha1([UInt8]()).description, "sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ")
    XCTAssertEqual(Base32.encode(Array("foobar".utf8)), "MZXW6YTBOI======")
    XCTAssertEqual(Base32.decode("MZXW6YTBOI======"), Array("foobar".utf8))
    XCTAssertNil(Base32.decode("not base32!"))
  }
}
