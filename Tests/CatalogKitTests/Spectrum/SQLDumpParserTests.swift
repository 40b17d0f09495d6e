import ShelfmarkSamples
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class SQLDumpParserTests: XCTestCase {
  private func fixture() throws -> [UInt8] { try TestPaths.fixtureBytes("Spectrum/zxdb-small.sql") }

  private func parse(_ bytes: [UInt8], chunk: Int? = nil) throws -> [String: [[String?]]] {
    guard let chunk else { return try SQLDumpParser.parse(bytes, dump: "zxdb.sql", wanted: ZXDBSchema.tables) }
    let parser = SQLDumpParser(dump: "zxdb.sql", wanted: ZXDBSchema.tables)
    var out: [String: [[String?]]] = [:]
    try bytes.withUnsafeBufferPointer { all in
      var p = 0
      while p < all.count {
        let q = min(all.count, p + chunk)
        try parser.feed(UnsafeBufferPointer(rebasing: all[p..<q])) { i, row in
          out[ZXDBSchema.tables[i].name, default: []].append(row)
        }
        p = q
      }
    }
    try parser.finish()
    return out
  }

  private func replacing(_ old: String, _ new: String, in bytes: [UInt8]) -> [UInt8] {
    let s = String(decoding: bytes, as: UTF8.self)
    XCTAssertTrue(s.contains(old), "fixture lacks \(old)")
    return Array(s.replacingOccurrences(of: old, with: new).utf8)
  }

  private func dumpError(_ bytes: [UInt8]) -> DumpError? {
    do {
      _ = try parse(bytes)
      return nil
    } catch let e as DumpError { return e } catch {
      XCTFail("unexpected \(error)")
      return nil
    }
  }

  func testEveryWantedTableIsReadWithItsRows() throws {
    let t = try parse(fixture())
    XCTAssertEqual(t["magazines"]?.count, 9)
    XCTAssertEqual(t["issues"]?.count, 20, "rows of both INSERTs")
    XCTAssertEqual(t["files"]?.count, 3)
    XCTAssertEqual(t["downloads"]?.count, 10)
    XCTAssertEqual(t["entries"]?.count, 7)
    XCTAssertEqual(t["genretypes"]?.count, 6)
    XCTAssertEqual(t["filetypes"]?.count, 6)
    XCTAssertEqual(t["countries"]?.count, 3)
    XCTAssertEqual(t["publishers"]?.count, 3)
    XCTAssertEqual(t["labels"]?.count, 4)
    XCTAssertNil(t["magrefs"], "unwanted tables are skipped")
  }

  func testRowsHoldTheWantedColumnsByNameNotPosition() throws {
    let crash = try XCTUnwrap(parse(fixture())["magazines"]?.first { $0[0] == "62" })
    // id, name, magtype_id, language_id, country_id, archive_mask, link_mask
    XCTAssertEqual(crash[1], "Crash")
    XCTAssertEqual(crash[2], "P")
    XCTAssertEqual(crash[3], "en")
    XCTAssertEqual(crash[4], "GB")
    XCTAssertEqual(crash[5], "https://archive.org/download/crash-magazine-{i2}{s}{u-}/Crash_{i2}_{M3}_{y4}.pdf")
  }

  func testBackslashEscapesAndDoubledQuotesAreDecoded() throws {
    let t = try parse(fixture())
    let ql = try XCTUnwrap(t["magazines"]?.first { $0[0] == "451" })
    XCTAssertEqual(ql[1], "QL Hacker's Journal")
    XCTAssertEqual(ql[5], "https://archive.org/download/qlhj-{i2}/QL Hacker's Journal {i2}.pdf")
    let files = try XCTUnwrap(t["files"])
    XCTAssertEqual(files.count, 3)
    let entry = try XCTUnwrap(t["entries"]?.first { $0[0] == "2001400" })
    XCTAssertEqual(entry[3], "The \"Complete\" Spectrum ROM Disassembly")
  }

  func testEscapesInsideStringsOfSkippedColumnsDoNotEndTheValue() throws {
    let parser = SQLDumpParser(dump: "x.sql", wanted: [DumpTable("t", ["a", "b"])])
    var rows: [[String?]] = []
    let sql = Array("INSERT INTO `t` (`a`, `c`, `b`) VALUES ('x\\n\\r\\t\\0\\\\\\'y', 'it''s; (a), b', NULL);".utf8)
    try sql.withUnsafeBufferPointer { try parser.feed($0) { rows.append($1) } }
    try parser.finish()
    XCTAssertEqual(rows, [["x\n\r\t\u{0}\\'y", nil]])
  }

  func testBareNullIsAbsentButQuotedNullIsAString() throws {
    let rows = try SQLDumpParser.parse(
      Array("INSERT INTO `t` (`a`, `b`, `c`) VALUES (NULL, 'NULL', null);".utf8), dump: "x.sql",
      wanted: [DumpTable("t", ["a", "b", "c"])])
    XCTAssertEqual(rows["t"], [[nil, "NULL", nil]])
  }

  func testValuesAreTrimmed() throws {
    let t = try parse(fixture())
    let ace4 = try XCTUnwrap(t["issues"]?.first { $0[0] == "1730" })
    XCTAssertEqual(ace4[9], "https://archive.org/download/ace-4-special/ACE 4.pdf")
    XCTAssertEqual(t["entries"]?.first { $0[0] == "2001600" }?[3], "")
  }

  func testAnyChunkingGivesTheSameRows() throws {
    let bytes = try fixture()
    let whole = try parse(bytes)
    for size in [1, 2, 3, 7, 64, 1000] {
      XCTAssertEqual(try parse(bytes, chunk: size), whole, "chunk size \(size)")
    }
  }

  func testAWrongColumnCountNamesTheTableAndLine() throws {
    let bad = replacing("(1728, 10, NULL, NULL, 1987,", "(1728, 10, NULL, 1987,", in: try fixture())
    guard case .wrongColumnCount(_, _, let line, let table, let values, let columns)? = dumpError(bad) else {
      return XCTFail("expected a column-count error")
    }
    XCTAssertEqual(table, "issues")
    XCTAssertEqual(values, 17)
    XCTAssertEqual(columns, 18)
    let expectedLine = String(decoding: bad, as: UTF8.self).components(separatedBy: "\n")
      .firstIndex { $0.contains("(1728,") }.map { $0 + 1 }
    XCTAssertEqual(line, expectedLine)
  }

  func testTooManyValuesIsAlsoAColumnCountError() throws {
    let bad = replacing("('AU', 'Australia')", "('AU', 'Australia', 'extra')", in: try fixture())
    guard case .wrongColumnCount(_, _, _, "countries", 3, 2)? = dumpError(bad) else {
      return XCTFail("expected a column-count error")
    }
  }

  func testAMissingNeededColumnIsAnUnknownLayout() throws {
    let bad = replacing(
      "`special`, `supplement`, `parent_id`", "`special`, `supplement_name`, `parent_id`", in: try fixture())
    let error = try XCTUnwrap(dumpError(bad))
    guard case .unknownLayout(_, _, _, "issues", let problem) = error else { return XCTFail("got \(error)") }
    XCTAssertEqual(problem, "no column `supplement`")
    XCTAssertTrue(error.description.contains("line "), error.description)
  }

  func testAnInsertWithoutColumnsFallsBackToCreateTableWithAWarning() throws {
    let sql = """
      CREATE TABLE `labels` (
        `id` int(11) NOT NULL,
        `name` varchar(100) NOT NULL COMMENT 'a; b, (c)',
        `country_id` char(2) DEFAULT NULL,
        PRIMARY KEY (`id`)
      );
      INSERT INTO `labels` VALUES (1, 'Ocean', 'GB');
      """
    let parser = SQLDumpParser(dump: "x.sql", wanted: [DumpTable("labels", ["name", "id"])])
    var rows: [[String?]] = []
    try Array(sql.utf8).withUnsafeBufferPointer { try parser.feed($0) { rows.append($1) } }
    try parser.finish()
    XCTAssertEqual(rows, [["Ocean", "1"]])
    XCTAssertEqual(parser.warnings.count, 1)
    XCTAssertTrue(parser.warnings[0].contains("line 7"), parser.warnings[0])
  }

  func testAnInsertWithoutColumnsOrCreateTableIsAnUnknownLayout() {
    XCTAssertThrowsError(
      try SQLDumpParser.parse(
        Array("INSERT INTO `labels` VALUES (1, 'x');".utf8), dump: "x.sql", wanted: [ZXDBSchema.labels])
    ) { error in
      guard case .unknownLayout(_, _, 1, "labels", _)? = error as? DumpError else { return XCTFail("got \(error)") }
    }
  }

  func testAMissingTableIsNamed() {
    XCTAssertThrowsError(
      try SQLDumpParser.parse(Array("SET NAMES utf8;".utf8), dump: "x.sql", wanted: [ZXDBSchema.labels])
    ) { error in
      XCTAssertEqual(error as? DumpError, .missingTable(dump: "x.sql", table: "labels"))
    }
  }

  func testADumpCutInsideAnInsertIsTruncatedAtItsEnd() throws {
    let bytes = try fixture()
    let s = String(decoding: bytes, as: UTF8.self)
    let mark = try XCTUnwrap(s.range(of: "(1729, 10"))
    let cut = Array(s[..<mark.upperBound].utf8)
    guard case .truncated(_, let offset, _, let inside)? = dumpError(cut) else { return XCTFail("expected truncation") }
    XCTAssertEqual(offset, cut.count)
    XCTAssertEqual(inside, "INSERT INTO `issues`")
  }

  func testEveryTruncationOfTheDumpFailsCleanly() throws {
    let bytes = try fixture()
    // Every cut through the data part must be reported (never a crash, never a silent success),
    // except cuts between statements after the last wanted table, which are complete dumps.
    let text = String(decoding: bytes, as: UTF8.self)
    let lastRow = try XCTUnwrap(text.range(of: "(2001095, 0, 2, 6002)"))
    let lastInsertEnd = text.utf8.distance(from: text.startIndex, to: lastRow.upperBound)
    var step = 0
    for cut in stride(from: 0, to: lastInsertEnd, by: 13) {
      step += 1
      XCTAssertThrowsError(try parse(Array(bytes[0..<cut])), "cut at \(cut)") { error in
        XCTAssertTrue(error is DumpError, "cut at \(cut): \(error)")
      }
    }
    XCTAssertGreaterThan(step, 100)
  }

  func testRandomDamageNeverCrashesTheParser() throws {
    let bytes = try fixture()
    var rng = SplitMix(seed: 7)
    let alphabet: [UInt8] = Array("'\\(),;`\n NULL0x".utf8)
    for _ in 0..<300 {
      var damaged = bytes
      for _ in 0..<Int(rng.next() % 4 + 1) {
        let at = Int(rng.next() % UInt64(damaged.count))
        damaged[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
      }
      do { _ = try parse(damaged) } catch { XCTAssertTrue(error is DumpError, "\(error)") }
    }
  }
}
