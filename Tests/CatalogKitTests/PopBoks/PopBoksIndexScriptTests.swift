import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class PopBoksIndexScriptTests: XCTestCase {
  func testCRLFLFAndCRScriptsParseToTheSameIndex() throws {
    let lf = try TestPaths.fixtureBytes("PopBoks/dzuboks-small.js")
    XCTAssertFalse(lf.contains(0x0D), "the fixture is written with LF line ends")
    let text = String(decoding: lf, as: UTF8.self)
    let crlf = Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    let cr = Array(text.replacingOccurrences(of: "\n", with: "\r").utf8)
    let a = try PopBoksIndex.parse(lf, magazine: .dzuboks)
    XCTAssertEqual(try PopBoksIndex.parse(crlf, magazine: .dzuboks), a)
    XCTAssertEqual(try PopBoksIndex.parse(cr, magazine: .dzuboks), a)
  }

  func testTheRealCRLFScriptParsesLikeItsLFCopy() throws {
    for magazine in PopBoksMagazine.allCases {
      let crlf = try TestPaths.corpus("popboks/\(magazine.scriptFileName)")
      XCTAssertTrue(crlf.contains(0x0D), "\(magazine) is saved with CRLF")
      let lf = crlf.filter { $0 != 0x0D }
      XCTAssertEqual(try PopBoksIndex.parse(crlf, magazine: magazine), try PopBoksIndex.parse(lf, magazine: magazine))
    }
  }

  func testOnlyWholeCommentLinesAreDroppedAndLineNumbersStay() throws {
    let script = PopBoksIndexScript(
      bytes: Array("a\r\n  // gone\r\nb // kept\nhttps://x\r//also gone\n".utf8), name: "s.js")
    XCTAssertEqual(script.text, "a\n\nb // kept\nhttps://x\n\n")
    XCTAssertEqual(script.line(at: 0), 1)
    XCTAssertEqual(script.line(at: 3), 3)
  }

  func testANameMustFollowVarExactly() throws {
    let script = PopBoksIndexScript(
      bytes: Array("var combinedYears = [1];\nvar yearsScroll = 0;\nvar  years\n = [[74, [1, 2]]];".utf8),
      name: "s.js")
    let years = try script.literal(named: "years")
    XCTAssertEqual(years.line, 4, "the literal starts on the line after the name")
    XCTAssertEqual(years.array?.count, 1)
  }

  func testAMissingArrayIsNamed() {
    let script = PopBoksIndexScript(bytes: Array("var yearsScroll = 0;\n// var years = [];\n".utf8), name: "s.js")
    XCTAssertThrowsError(try script.literal(named: "years")) { error in
      XCTAssertEqual("\(error)", "s.js: no `years` array in the script")
    }
  }

  func testAMalformedEntryFailsWithItsLine() throws {
    let bytes = try TestPaths.fixtureBytes("PopBoks/dzuboks-malformed-numbers.js")
    XCTAssertThrowsError(try PopBoksIndex.parse(bytes, magazine: .dzuboks, name: "dz.js")) { error in
      XCTAssertEqual(
        "\(error)", "dz.js: line 3: `numbers` entry 4 is not [issue, pages] or [issue, pages, hint]")
    }
  }

  func testAnUnterminatedArrayFailsWithTheLineWhereItBreaks() throws {
    let bytes = try TestPaths.fixtureBytes("PopBoks/dzuboks-unterminated.js")
    XCTAssertThrowsError(try PopBoksIndex.parse(bytes, magazine: .dzuboks, name: "dz.js")) { error in
      XCTAssertEqual(
        error as? PopBoksIndexScriptError,
        .malformed(script: "dz.js", line: 4, name: "numbers", reason: "expected `,` or `]`, found `var page = 0`"))
    }
  }

  func testAStrayTokenInsideAnArrayIsMalformed() {
    let script = PopBoksIndexScript(bytes: Array("var numbers = [[1,52],\n[2,52 x]];".utf8), name: "s.js")
    XCTAssertThrowsError(try script.literal(named: "numbers")) { error in
      guard case .malformed(_, let line, _, _) = error as? PopBoksIndexScriptError else { return XCTFail("\(error)") }
      XCTAssertEqual(line, 2)
    }
  }

  func testAnEmptyArrayComesOutEmpty() {
    let bytes = Array("var years = [];\nvar numbers = [[1,2]];".utf8)
    XCTAssertThrowsError(try PopBoksIndex.parse(bytes, magazine: .dzuboks, name: "s.js")) { error in
      XCTAssertEqual("\(error)", "s.js: `years` came out empty")
    }
  }
}
