import Foundation
import XCTest

@testable import CatalogKit

/// The byte paths answer exactly what Foundation does, on ASCII and on everything handed back to it.
final class ASCIITextTests: XCTestCase {
  let samples = [
    "", "/", "//", "abc", "https://commodore.bombjack.org/magazines/m1/Mag_Issue_01_F000001.zip",
    "/disks/magazines/x.zip", "a%20b", "%", "%zz", "%C3%BC", "a b/ü é/x.zip", "\u{FEFF}x", "e\u{301}",
    "/\u{301}disks/", "x\u{0}y", "A+B?C=D#E",
  ]

  func testRemovingPercentEncodingIsFoundations() {
    for s in samples { XCTAssertEqual(ASCIIText.removingPercentEncoding(s), s.removingPercentEncoding, s) }
    // Every ASCII byte but `%`, alone and between letters.
    for b in UInt8(0)..<0x80 where b != 0x25 {
      let s = "a" + String(UnicodeScalar(b)) + "b" + String(UnicodeScalar(b))
      XCTAssertEqual(ASCIIText.removingPercentEncoding(s), s.removingPercentEncoding, "byte \(b)")
    }
  }

  func testContainsIsFoundations() {
    let needles = ["", "/", "/disks/", "/disks/magazines/", "disks", "ü", "e", "\u{301}", "zip", "Mag_Issue_01"]
    for h in samples + needles {
      for n in needles { XCTAssertEqual(ASCIIText.contains(h, n), h.contains(n), "\(h) contains \(n)") }
    }
  }

  func testLastIndexAndSplitAreTheCharacterViews() {
    for s in samples + ["a/b c//d ", "/\u{301}a/b", "x\r\n/y", " / "] {
      XCTAssertEqual(ASCIIText.lastIndex(of: "/", in: s), s.lastIndex(of: "/"), s)
      XCTAssertEqual(
        ASCIIText.split(s, on: [0x2F, 0x20]), s.split(whereSeparator: { $0 == "/" || $0 == " " }).map(String.init), s)
    }
  }

  /// Every length around the widths a loop over bytes is done in, with one non-ASCII byte at each
  /// place (and none): the bytes' answer is the UTF-8 view's, on small and heap strings alike.
  func testIsASCIIIsEveryByteBelow0x80AtEveryPlaceAndLength() {
    for length in 0...70 {
      let plain = String(repeating: "a", count: length)
      XCTAssertTrue(ASCIIText.isASCII(plain), "\(length)")
      for at in 0..<length {
        var bytes = Array(plain.utf8)
        bytes[at] = 0xC3
        bytes.insert(0xBC, at: at + 1)
        let s = String(decoding: bytes, as: UTF8.self)
        XCTAssertFalse(ASCIIText.isASCII(s), "length \(length), ü at \(at)")
        XCTAssertEqual(ASCIIText.isASCII(s), s.utf8.allSatisfy { $0 < 0x80 })
      }
    }
    for s in samples { XCTAssertEqual(ASCIIText.isASCII(s), s.utf8.allSatisfy { $0 < 0x80 }, s) }
    // A bridged or substring-made string without contiguous bytes takes the view's path.
    let sub = "xyz/ü"[...].dropFirst()
    XCTAssertFalse(ASCIIText.isASCII(String(sub)))
  }

  func testIsBlankIsTrimmingWhitespaceToNothing() {
    for s in samples + [" ", "\t", " \t ", "\n", " \r\n", "\u{A0}", "\u{2003} \u{3000}", " x ", "\u{A0}x", "\u{85}"] {
      XCTAssertEqual(ASCIIText.isBlank(s), s.trimmingCharacters(in: .whitespaces).isEmpty, s.debugDescription)
    }
  }

  func testIssueIdsOnBytesMatchFoundationsTrimAndReplace() {
    for zip in [
      "https://commodore.bombjack.org/magazines/commodore/m1/Mag_Issue_01.zip",
      "https://commodore.bombjack.org//a//b.zip", "https://commodore.bombjack.org/a%20b/c%C3%BC.pdf",
      "https://commodore.bombjack.org/", "https://commodore.bombjack.org/a.b/c",
    ] {
      guard let url = URL(string: zip) else { return XCTFail(zip) }
      var path = url.path(percentEncoded: true)
      if let slash = path.lastIndex(of: "/"), let dot = path.lastIndex(of: "."), dot > slash {
        path = String(path[..<dot])
      }
      let decoded = path.removingPercentEncoding ?? path
      let expected = decoded.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        .replacingOccurrences(of: "/", with: "_")
      XCTAssertEqual(BombJackCatalogueAssembly.id(forZip: zip), expected, zip)
    }
  }
}
