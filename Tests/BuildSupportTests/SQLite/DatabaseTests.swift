import ShelfmarkTestSupport
import XCTest

@testable import BuildSupport

final class DatabaseTests: XCTestCase {
  func testTextWithQuotesNulAndUnicodeRoundTrips() throws {
    let dir = try Tool.temporaryDirectory("sqlite")
    defer { try? FileManager.default.removeItem(at: dir) }
    let db = try Database(path: dir.appendingPathComponent("t.sqlite").path)
    try db.execute("CREATE TABLE t (a TEXT, b INTEGER)")
    let s = try db.prepare("INSERT INTO t (a, b) VALUES (?, ?)")
    for text in ["it's", "nul\u{0}inside", "Priručnik", ""] {
      try s.bind(text, at: 1)
      try s.bind("42", at: 2)
      _ = try s.step()
      s.reset()
    }
    try s.bind(nil, at: 1)
    _ = try s.step()
    let rows = try db.query("SELECT a, b FROM t ORDER BY rowid")
    XCTAssertEqual(rows.map { $0[0] }, [.text("it's"), .text("nul\u{0}inside"), .text("Priručnik"), .text(""), .null])
    XCTAssertEqual(rows[0][1], .integer(42), "INTEGER affinity turns bound digits into numbers")
  }

  func testAFailedTransactionIsRolledBack() throws {
    let dir = try Tool.temporaryDirectory("sqlite")
    defer { try? FileManager.default.removeItem(at: dir) }
    let db = try Database(path: dir.appendingPathComponent("t.sqlite").path)
    try db.execute("CREATE TABLE t (a INTEGER)")
    struct Boom: Error {}
    XCTAssertThrowsError(
      try db.transaction {
        try db.execute("INSERT INTO t VALUES (1)")
        throw Boom()
      })
    XCTAssertEqual(try db.query("SELECT count(*) FROM t").first?.first, .integer(0))
  }

  func testErrorsNameTheFileAndStatement() throws {
    let dir = try Tool.temporaryDirectory("sqlite")
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("t.sqlite").path
    let db = try Database(path: path)
    XCTAssertThrowsError(try db.query("SELECT nope FROM missing")) { error in
      let text = "\(error)"
      XCTAssertTrue(text.hasPrefix(path), text)
      XCTAssertTrue(text.contains("missing"), text)
    }
  }
}
