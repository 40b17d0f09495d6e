import CatalogKit
import Foundation
import ShelfmarkSamples
import ShelfmarkTestSupport
import XCTest

@testable import BuildSupport

final class StrictJSONTests: XCTestCase {
  private func scan(_ s: String) throws(StrictJSONError) -> StrictJSON.Summary { try StrictJSON.scan(Array(s.utf8)) }

  private func error(_ s: String, file: StaticString = #filePath, line: UInt = #line) -> StrictJSONError? {
    do {
      _ = try scan(s)
      XCTFail("accepted: \(s.prefix(80))", file: file, line: line)
      return nil
    } catch {
      return error
    }
  }

  func testTheTopLevelKeysAndVersionAreReported() throws {
    let s = try scan(#"{"version": 1, "base": "", "issues": [{"id": "a", "number": 2}]}"#)
    XCTAssertTrue(s.topLevelIsObject)
    XCTAssertEqual(s.topLevelKeys, ["version", "base", "issues"])
    XCTAssertEqual(s.version, 1)
    XCTAssertFalse(try scan("[1, 2]").topLevelIsObject)
  }

  func testADuplicateTopLevelKeyIsRefusedNamingTheKeyAndBothLines() {
    let text = "{\n  \"version\": 1,\n  \"issues\": [{\"id\": \"a\"}],\n  \"issues\": []\n}"
    XCTAssertEqual(
      error(text), .duplicateKey(key: "issues", path: "", line: 4, column: 3, firstLine: 3))
    XCTAssertEqual(
      error(text)?.description,
      "line 4, column 3: duplicate key 'issues' in the top-level object (first at line 3); JSON readers keep only one of the two, so the file means different things to different readers"
    )
  }

  func testADuplicateKeyInsideARecordNamesTheRecord() {
    let text = #"{"version": 1, "issues": [{"id": "a"}, {"id": "b", "title": "x", "title": "y"}]}"#
    XCTAssertEqual(error(text), .duplicateKey(key: "title", path: "issues[1]", line: 1, column: 66, firstLine: 1))
  }

  func testKeysThatAreEqualOnlyOnceUnescapedAreStillDuplicates() {
    guard case .duplicateKey(let key, _, _, _, _) = error(#"{"zip": "a", "\u007aip": "b"}"#) else {
      return XCTFail("not refused as a duplicate")
    }
    XCTAssertEqual(key, "zip")
  }

  func testSyntaxErrorsNameTheLineAndColumn() {
    XCTAssertEqual(
      error("{\n  \"version\": 1,\n  \"base\": x\n}"),
      .syntax(line: 3, column: 11, message: "expected a value, found 'x'"))
    XCTAssertEqual(
      error("{\"a\": [1, 2,]}"), .syntax(line: 1, column: 13, message: "expected a value, found ']'"))
    XCTAssertEqual(
      error("{\"a\": 1} x"), .syntax(line: 1, column: 10, message: "unexpected 'x' after the end of the JSON value"))
    XCTAssertEqual(
      error("{\"ž\": \"č\" \"b\": 1}"),
      .syntax(line: 1, column: 11, message: "expected ',' or '}' after the value of 'ž', found '\"'"))
    XCTAssertEqual(error("{\"a\": \"b"), .syntax(line: 1, column: 9, message: "the file ends inside a string"))
    XCTAssertEqual(error("{\"a\": 01}")?.line, 1)
    XCTAssertNotNil(error("{\"a\": \"tab\there\"}"))
    XCTAssertNotNil(error("{\"a\": \"\\x\"}"))
    XCTAssertNotNil(error("{\"a\": \"\\ud800\"}"))
    XCTAssertNotNil(error("{'a': 1}"))
    XCTAssertNotNil(error(""))
  }

  func testInvalidUTF8IsASyntaxError() {
    XCTAssertThrowsError(try StrictJSON.scan([0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D]))
    XCTAssertNoThrow(try StrictJSON.scan(Array(#"{"Džuboks": "Računari 😀"}"#.utf8)))
  }

  func testNumbersOutOfRangeNameTheField() {
    XCTAssertEqual(
      error("{\"issues\": [\n{\"id\": \"a\"},\n{\"id\": \"b\", \"bytes\": 99999999999999999999}]}"),
      .number(field: "issues[1].bytes", line: 3, column: 22, literal: "99999999999999999999", rule: .count))
    XCTAssertEqual(
      error(#"{"issues": [{"pages": -5}]}"#),
      .number(field: "issues[0].pages", line: 1, column: 23, literal: "-5", rule: .count))
    XCTAssertEqual(
      error(#"{"issues": [{"bytes": 1e30}]}"#)?.message,
      "issues[0].bytes: 1e30 is out of range: a size or count from 0…9223372036854775807 is expected")
    XCTAssertEqual(
      error(#"{"issues": [{"number": 1.5}]}"#)?.message,
      "issues[0].number: 1.5 is out of range: a whole number from -9223372036854775808…9223372036854775807 is expected")
    XCTAssertNoThrow(try scan(#"{"issues": [{"number": -9223372036854775808, "bytes": 9223372036854775807}]}"#))
    XCTAssertNotNil(error(#"{"issues": [{"number": -9223372036854775809}]}"#))
    // Keys no catalogue uses are the decoder's business.
    XCTAssertNoThrow(try scan(#"{"ratio": 1.5e300}"#))
  }

  func testDeepNestingIsRefusedWithoutExhaustingTheStack() {
    let deep = String(repeating: "[", count: 200_000)
    XCTAssertEqual(error(deep), .tooDeep(line: 1, column: StrictJSON.depthLimit + 1))
  }

  // MARK: Through the one reader

  func testTheReaderRefusesTheRealIssuesFollowedByAnEmptyIssuesArray() throws {
    let url = try TestPaths.shared("reference-catalogs/archive-catalog.json")
    var text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    XCTAssertNoThrow(try CatalogueFile.decode(Array(text.utf8), file: "archive-catalog.json"))
    guard let close = text.lastIndex(of: "}") else { return XCTFail("no closing brace") }
    text.replaceSubrange(close...close, with: ",\n  \"issues\": []\n}")
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let firstLine = (lines.firstIndex { $0.hasPrefix("  \"issues\"") } ?? -1) + 1
    XCTAssertThrowsError(try CatalogueFile.decode(Array(text.utf8), file: "archive-catalog.json")) { e in
      XCTAssertEqual(
        e as? CatalogueFileError,
        .refused(
          file: "archive-catalog.json",
          .duplicateKey(key: "issues", path: "", line: lines.count - 1, column: 3, firstLine: firstLine)))
      XCTAssertTrue("\(e)".hasPrefix("archive-catalog.json: line \(lines.count - 1), column 3: duplicate key 'issues'"))
    }
  }

  func testTheReaderNamesTheFieldOfAnOversizedNumber() throws {
    var c = CatalogueTestData.retroSpec()
    c.issues[1].bytes = 777
    let text = String(decoding: try CatalogueEncoder.encode(c), as: UTF8.self)
      .replacingOccurrences(of: "777", with: "9223372036854775808")
    XCTAssertThrowsError(try CatalogueFile.decode(Array(text.utf8), file: "r.json")) { e in
      XCTAssertTrue("\(e)".contains("issues[1].bytes: 9223372036854775808 is out of range"), "\(e)")
      XCTAssertTrue("\(e)".hasPrefix("r.json: line "), "\(e)")
    }
  }

  func testTheReaderNamesTheLineOfASyntaxError() {
    XCTAssertThrowsError(try CatalogueFile.decode(Array("{\n\"version\": 1,,\n}".utf8), file: "s.json")) { e in
      XCTAssertEqual("\(e)", "s.json: not JSON: line 2, column 14: expected a key in double quotes, found ','")
    }
  }

  func testEveryReferenceCatalogueScans() throws {
    for name in Sources.catalogues.files.map(\.file) {
      let url = try TestPaths.shared("reference-catalogs/" + name)
      XCTAssertNoThrow(try StrictJSON.scan([UInt8](try Data(contentsOf: url))), name)
    }
  }
}

/// Seeded mutations of a small catalogue: the scanner never traps, and whatever it accepts Foundation
/// also reads as JSON (it may only be stricter, never looser).
final class StrictJSONMutationTests: XCTestCase {
  func testMutatedCataloguesNeverTrapAndAreNeverAcceptedWhenFoundationRefusesThem() throws {
    let seed = Array(try CatalogueEncoder.encode(CatalogueTestData.retroSpec()))
    let alphabet = Array(#"{}[]:,"\-+.0123456789eEtfnul \#n\u00ab"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
    var rng = SplitMix(seed: 13)
    var accepted = 0
    for _ in 0..<3_000 {
      var bytes = seed
      for _ in 0...rng.below(4) {
        let at = rng.below(bytes.count)
        switch rng.below(3) {
        case 0: bytes[at] = alphabet[rng.below(alphabet.count)]
        case 1: bytes.remove(at: at)
        default: bytes.insert(alphabet[rng.below(alphabet.count)], at: at)
        }
      }
      guard (try? StrictJSON.scan(bytes)) != nil else { continue }
      accepted += 1
      XCTAssertNoThrow(
        try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]),
        String(decoding: bytes, as: UTF8.self))
    }
    XCTAssertGreaterThan(accepted, 100, "mutations inside strings and numbers keep valid JSON")
  }
}

extension StrictJSONTests {
  func testAFileOnOneLongLineScansInLinearTime() throws {
    // 20,000 records on one line: counting a column for every key would take minutes.
    let record = #"{"id": "a", "series": "s", "number": 1, "title": "t", "zip": "z", "bytes": 12, "pages": 3}"#
    let text = #"{"version": 1, "issues": ["# + Array(repeating: record, count: 20_000).joined(separator: ",") + "]}"
    let start = Date()
    XCTAssertNoThrow(try StrictJSON.scan(Array(text.utf8)))
    XCTAssertLessThan(Date().timeIntervalSince(start), 20, "scanning \(text.utf8.count) bytes on one line")
    let broken = String(text.dropLast(2)) + ",]}"
    XCTAssertEqual((try? StrictJSON.scan(Array(broken.utf8))).map { _ in 0 }, nil)
  }

  func testADuplicateKeyIsFoundBeforeAndAfterTheSixteenthKeyOfAnObject() {
    for (count, repeated) in [(10, 3), (16, 15), (17, 16), (40, 2), (40, 30)] {
      var lines = ["{"]
      for k in 0..<count { lines.append("  \"k\(k)\": \(k),") }
      lines.append("  \"k\(repeated)\": 0")
      lines.append("}")
      let text = lines.joined(separator: "\n")
      XCTAssertEqual(
        error(text),
        .duplicateKey(key: "k\(repeated)", path: "", line: count + 2, column: 3, firstLine: repeated + 2),
        "\(count) keys, k\(repeated) twice")
    }
    let many = "{" + (0..<5000).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}"
    XCTAssertNotNil(try? StrictJSON.scan(Array(many.utf8)), "5,000 distinct keys are no duplicate")
  }
}
