import XCTest

@testable import CatalogKit

/// The byte searches against the plainest reading of what they promise.
final class TextBytesTests: XCTestCase {
  func testFindLastIsTheLastCaseInsensitiveMatch() {
    func naive(_ needle: String, _ hay: [UInt8]) -> Int? {
      let n = Array(needle.lowercased().utf8)
      let h = hay.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
      guard !n.isEmpty, h.count >= n.count else { return nil }
      return (0...(h.count - n.count)).last { Array(h[$0..<($0 + n.count)]) == n }
    }
    let hays = [
      "", "<", "<table", "<TABLE>x</Table>", "a</table></table>b", "</tabl", "<table<table", "x<tAbLe y",
      "<html><body></body></html>", "ü<table>ü",
    ]
    // Longer pages, with the marks at every offset around the eight-byte steps of the scan.
    let filler = String(repeating: "abc defg", count: 5)
    var long = [filler, filler + "<", "<" + filler, filler + "<table" + filler, "</TABLE>" + filler + "<x"]
    for k in 0..<20 { long.append(String(filler.prefix(k)) + "<table>" + String(filler.prefix(19 - k)) + "</table") }
    for hay in hays + long {
      for needle in ["<table", "</table>", "</body>", "<", "x", "table>"] {
        XCTAssertEqual(
          TextBytes.findLast(needle, in: Array(hay.utf8)), naive(needle, Array(hay.utf8)), "\(needle) in \(hay)")
      }
    }
  }
}
