import Foundation
import XCTest

@testable import CatalogKit

final class JSONStringTests: XCTestCase {
  func testQuotesBackslashesAndControlCharactersAreEscapedAndNothingElse() {
    XCTAssertEqual(JSONString.quoted("a\"b\\c/d"), #""a\"b\\c/d""#)
    XCTAssertEqual(JSONString.quoted("\n\r\t\u{1}\u{1F}"), #""\n\r\t\u0001\u001f""#)
    XCTAssertEqual(JSONString.quoted("Čačak – ’"), "\"Čačak – ’\"")
  }

  func testEveryQuotedStringReadsBackAsItself() throws {
    let samples = ["", "plain", "\u{0}\u{7F}\u{80}", "tab\there", "\"\\\"", "https://x/a?b=c&d", "😀 e\u{301}"]
    for s in samples {
      let data = Data(("[" + JSONString.quoted(s) + "]").utf8)
      let back = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String])
      XCTAssertEqual(back, [s])
    }
  }

  func testItWritesWhatTheDiffsFieldValueWrites() {
    for s in ["a\"b", "x\u{2}y", "line\nbreak", "Đorđe"] {
      XCTAssertEqual(JSONString.quoted(s), FieldValue.string(s).description)
    }
  }

  func testHTMLEscapingIsTheInverseOfDecodingForTheFourMarkupCharacters() {
    let s = "Tom & \"Jerry\" <1>"
    XCTAssertEqual(HTMLEntities.escape(s), "Tom &amp; &quot;Jerry&quot; &lt;1&gt;")
    XCTAssertEqual(HTMLEntities.decode(HTMLEntities.escape(s)), s)
  }

  func testIntegersAreWrittenAsSwiftWritesThemAtEveryEdge() {
    // Each side of every power of ten, where the count of digits changes, both signs.
    var tens: [Int] = []
    var p = 1
    for _ in 0..<19 {
      tens += [p - 1, p, p + 1, -(p - 1), -p, -(p + 1)]
      p = p.multipliedReportingOverflow(by: 10).partialValue
    }
    for n in [0, 7, 10, 99, 100, 1_000_000, -1, -10, 123_456_789, Int.max, Int.min, Int.min + 1] + tens {
      var out: [UInt8] = []
      JSONBytes.append(n, to: &out)
      XCTAssertEqual(String(decoding: out, as: UTF8.self), String(n))
    }
    var out: [UInt8] = [0x5B]
    JSONBytes.append("\"a\":", to: &out)
    XCTAssertEqual(String(decoding: out, as: UTF8.self), "[\"a\":")
  }
}
