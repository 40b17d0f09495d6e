import ShelfmarkSamples
import XCTest

@testable import CatalogKit

/// Issue 11, item 5: no dump, however hostile, is held in memory whole. A statement head and a value
/// are capped, and a zip entry's size is checked before and while it inflates.
final class DumpLimitsTests: XCTestCase {
  private let wanted = [DumpTable("labels", ["id", "name"])]

  /// Feeds `prefix`, then `count` copies of `filler` in 64 KiB chunks, as the build's inflate does.
  private func feed(_ prefix: String, filler: UInt8, count: Int, parser: SQLDumpParser) throws {
    try Array(prefix.utf8).withUnsafeBufferPointer { try parser.feed($0) { _, _ in } }
    let chunk = [UInt8](repeating: filler, count: 1 << 16)
    var left = count
    while left > 0 {
      let n = min(left, chunk.count)
      try chunk.withUnsafeBufferPointer { try parser.feed(UnsafeBufferPointer(rebasing: $0[0..<n])) { _, _ in } }
      left -= n
    }
  }

  func testARunOfNULsStopsAtTheStatementLimitNamingWhereItBegan() {
    let parser = SQLDumpParser(dump: "bomb.sql", wanted: wanted)
    XCTAssertThrowsError(try feed("USE `zxdb`;\n", filler: 0, count: 4 << 20, parser: parser)) { error in
      guard case .oversized(let dump, let offset, let line, _, let limit)? = error as? DumpError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(dump, "bomb.sql")
      XCTAssertEqual(offset, 12, "the statement starts after the USE line")
      XCTAssertEqual(line, 2)
      XCTAssertEqual(limit, SQLDumpParser.statementHeadLimit)
      XCTAssertTrue(
        "\(error)".hasPrefix("bomb.sql: line 2 (byte 12): the statement (\\u{0}\\u{0}"), "NULs shown escaped: \(error)")
      XCTAssertTrue("\(error)".hasSuffix("runs past 1 MiB without ending; the dump is damaged"), "\(error)")
    }
    XCTAssertLessThanOrEqual(parser.offset, 12 + SQLDumpParser.statementHeadLimit + 1, "stopped at the limit")
  }

  func testAnUnterminatedStringInATableTheBuildReadsStopsAtTheValueLimit() {
    let parser = SQLDumpParser(dump: "bomb.sql", wanted: wanted)
    let head = "INSERT INTO `labels` (`id`, `name`) VALUES\n\t(1, '"
    XCTAssertThrowsError(try feed(head, filler: UInt8(ascii: "a"), count: 20 << 20, parser: parser)) { error in
      guard case .oversized(_, let offset, let line, let what, let limit)? = error as? DumpError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(offset, head.utf8.count - 5, "the row's opening parenthesis")
      XCTAssertEqual(line, 2)
      XCTAssertEqual(what, "a quoted value in a row of `labels`")
      XCTAssertEqual(limit, SQLDumpParser.valueLimit)
    }
    XCTAssertLessThanOrEqual(parser.offset, head.utf8.count + SQLDumpParser.valueLimit, "stopped at the limit")
  }

  func testAnEndlessBareValueStopsAtTheValueLimit() {
    let parser = SQLDumpParser(dump: "bomb.sql", wanted: wanted)
    XCTAssertThrowsError(
      try feed(
        "INSERT INTO `labels` (`id`, `name`) VALUES (", filler: UInt8(ascii: "7"), count: 20 << 20, parser: parser)
    ) { error in
      guard case .oversized(_, _, _, let what, _)? = error as? DumpError else { return XCTFail("\(error)") }
      XCTAssertEqual(what, "an unquoted value in a row of `labels`")
    }
  }

  func testAnUnterminatedStringInASkippedTableIsNeverHeldAndEndsAsTruncated() throws {
    let parser = SQLDumpParser(dump: "bomb.sql", wanted: wanted)
    try feed(
      "INSERT INTO `magrefs` (`id`, `page`) VALUES (1, '", filler: UInt8(ascii: "a"), count: 20 << 20, parser: parser)
    XCTAssertThrowsError(try parser.finish()) { error in
      guard case .truncated(_, _, _, let inside)? = error as? DumpError else { return XCTFail("\(error)") }
      XCTAssertEqual(inside, "INSERT INTO `magrefs`")
    }
  }

  func testAValueLongerThanAStatementHeadIsStillRead() throws {
    let long = String(repeating: "x", count: 2 << 20)
    let sql = "INSERT INTO `labels` (`id`, `name`) VALUES (1, '\(long)');\n"
    let rows = try SQLDumpParser.parse(Array(sql.utf8), dump: "big.sql", wanted: wanted)
    XCTAssertEqual(rows["labels"]?.first?[1]?.count, 2 << 20)
  }

  // MARK: zip entries

  /// A one-entry zip whose directory (and local header) declare `declared` bytes uncompressed.
  private func zip(_ data: [UInt8], declaring declared: UInt32? = nil, level: Int32 = 6) -> [UInt8] {
    let w = ZipWriter(entryName: "ZXDB_mysql.sql", level: level)
    w.write(data)
    var z = w.finish()
    guard let declared else { return z }
    var central = z.count - 4
    while central > 0, ZipArchive.u32(z, central) != 0x0201_4b50 { central -= 1 }
    for k in 0..<4 {
      let byte = UInt8(truncatingIfNeeded: declared >> (8 * UInt32(k)))
      z[22 + k] = byte
      z[central + 24 + k] = byte
    }
    return z
  }

  private func inflateError(_ z: [UInt8], limit: Int = ZipArchive.inflatedSizeLimit) throws -> (ZipError?, Int) {
    let archive = try ZipArchive(bytes: z, name: "bomb.zip")
    var received = 0
    do {
      try archive.inflate(archive.entries[0], in: z, chunkSize: 4096, limit: limit) { received += $0.count }
    } catch let e as ZipError {
      return (e, received)
    }
    return (nil, received)
  }

  func testADeclaredSizePastTheLimitIsRefusedBeforeInflating() throws {
    let (error, received) = try inflateError(zip(Array(repeating: 0, count: 100_000), declaring: 0x8000_0000))
    guard case .tooLarge(let archive, let entry, let offset, let what)? = error else {
      return XCTFail("\(String(describing: error))")
    }
    XCTAssertEqual(received, 0, "nothing inflated")
    XCTAssertEqual([archive, entry], ["bomb.zip", "ZXDB_mysql.sql"])
    XCTAssertEqual(offset, 0)
    XCTAssertEqual(what, "declares 2147483648 bytes uncompressed, more than the 1073741824 bytes allowed")
  }

  func testADeclaredSizeDeflateCannotReachIsRefusedBeforeInflating() throws {
    let z = zip(Array(repeating: 0, count: 1000), declaring: 500_000_000)
    let (error, received) = try inflateError(z)
    guard case .tooLarge(_, _, _, let what)? = error else { return XCTFail("\(String(describing: error))") }
    XCTAssertEqual(received, 0)
    XCTAssertTrue(what.hasSuffix("more than deflate can give"), what)
  }

  func testAStoredEntryDeclaringMoreThanItHoldsIsRefused() throws {
    let (error, received) = try inflateError(zip(Array(repeating: 1, count: 1000), declaring: 5000, level: 0))
    guard case .tooLarge(_, _, _, let what)? = error else { return XCTFail("\(String(describing: error))") }
    XCTAssertEqual(received, 0)
    XCTAssertTrue(what.hasSuffix("more than a stored entry holds"), what)
  }

  func testAnEntryInflatingPastItsDeclaredSizeStopsThere() throws {
    let (error, received) = try inflateError(zip(Array(repeating: 0, count: 1 << 20), declaring: 10_000))
    guard case .tooLarge(_, _, _, let what)? = error else { return XCTFail("\(String(describing: error))") }
    XCTAssertLessThanOrEqual(received, 10_000)
    XCTAssertEqual(what, "inflates past the 10000 bytes its directory entry declares")
  }

  func testALowerLimitRefusesAnHonestEntry() throws {
    let (error, _) = try inflateError(zip(Array(repeating: 0, count: 100_000)), limit: 50_000)
    guard case .tooLarge? = error else { return XCTFail("\(String(describing: error))") }
    let (none, received) = try inflateError(zip(Array(repeating: 0, count: 100_000)), limit: 100_000)
    XCTAssertNil(none)
    XCTAssertEqual(received, 100_000)
  }
}
