import XCTest

@testable import CatalogKit

final class TextDecoderTests: XCTestCase {
  func testStrictUTF8RejectsOverlongFormsSurrogatesAndTruncatedSequences() {
    XCTAssertNil(TextEncoding.utf8.decode([0xC0, 0xAF]), "overlong '/'")
    XCTAssertNil(TextEncoding.utf8.decode([0xED, 0xA0, 0x80]), "UTF-16 surrogate")
    XCTAssertNil(TextEncoding.utf8.decode([0x61, 0xC4]), "truncated")
    XCTAssertEqual(TextEncoding.utf8.decode([0xC4, 0x8D]), "č")
  }

  func testWindows1250CoversTheSouthSlavicLetters() {
    let bytes: [UInt8] = [0xE8, 0xE6, 0x9E, 0x9A, 0xF0, 0xC8, 0xC6, 0x8E, 0x8A, 0xD0, 0x80]
    XCTAssertEqual(TextEncoding.windows1250.decode(bytes), "čćžšđČĆŽŠĐ€")
  }

  func testUndefinedWindows1250BytesBecomeReplacementsAndAreReported() {
    let d = TextDecoder.decode([0x61, 0x81, 0x62], policy: .utf8Else(.windows1250))
    XCTAssertEqual(d.text, "a\u{FFFD}b")
    XCTAssertTrue(d.hadReplacements)
  }

  func testLatin1MapsEveryByteToItsCodePoint() {
    XCTAssertEqual(TextEncoding.latin1.decode([0x41, 0xE9, 0xFF]), "Aéÿ")
  }

  func testPrecedenceIsHeaderThenBOMThenMetaThenFallback() {
    let page = Array("<meta charset=\"windows-1250\"><p>".utf8) + [0xE8]
    XCTAssertEqual(TextDecoder.decode(page, policy: .declaredElse(.latin1)).text.last, "č")
    XCTAssertEqual(TextDecoder.decode(page, policy: .declaredElse(.latin1), httpCharset: "iso-8859-1").text.last, "è")
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("ok".utf8)
    XCTAssertEqual(TextDecoder.decode(bom, policy: .utf8Else(.latin1)).text, "ok")
    // The source's own rule wins over what the page declares.
    let utf8Page = Array("<meta charset=\"windows-1250\"><p>č".utf8)
    XCTAssertEqual(TextDecoder.decode(utf8Page, policy: .utf8Else(.windows1250)).text.last, "č")
  }

  func testCharsetLabelsMapToEncodings() {
    XCTAssertEqual(TextEncoding(label: "CP1250"), .windows1250)
    XCTAssertEqual(TextEncoding(label: " utf8 "), .utf8)
    XCTAssertNil(TextEncoding(label: "shift_jis"))
  }
}
