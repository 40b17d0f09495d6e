import CSQLite

/// A prepared statement, reused across rows when loading (bind, step, reset).
public final class Statement {
  let database: Database
  let handle: OpaquePointer
  public let sql: String

  init(database: Database, sql: String) throws {
    self.database = database
    self.sql = sql
    var h: OpaquePointer?
    let code = sqlite3_prepare_v2(database.handle, sql, -1, &h, nil)
    guard code == SQLITE_OK, let h else { throw database.error(code, sql) }
    handle = h
  }

  deinit { sqlite3_finalize(handle) }

  /// Binds parameters 1…n in order.
  public func bind(_ values: [SQLiteValue]) throws {
    for (i, v) in values.enumerated() { try bind(v, at: Int32(i + 1)) }
  }

  public func bind(_ value: SQLiteValue, at index: Int32) throws {
    let code: Int32
    switch value {
    case .null: code = sqlite3_bind_null(handle, index)
    case .integer(let v): code = sqlite3_bind_int64(handle, index, v)
    case .real(let d): code = sqlite3_bind_double(handle, index, d)
    case .text(let s): code = bindText(s, at: index)
    }
    if code != SQLITE_OK { throw database.error(code, sql) }
  }

  /// Binds text, or NULL for nil; the fast path of the dump load.
  public func bind(_ text: String?, at index: Int32) throws {
    let code = text.map { bindText($0, at: index) } ?? sqlite3_bind_null(handle, index)
    if code != SQLITE_OK { throw database.error(code, sql) }
  }

  private func bindText(_ s: String, at index: Int32) -> Int32 {
    var s = s
    return s.withUTF8 { buf in
      buf.withMemoryRebound(to: CChar.self) { chars in
        // A NUL byte inside the text is kept: the length is passed, not found by scanning.
        guard let base = chars.baseAddress else { return shelfmark_sqlite_bind_text(handle, index, "", 0) }
        return shelfmark_sqlite_bind_text(handle, index, base, Int32(chars.count))
      }
    }
  }

  /// Advances to the next row; false when done.
  public func step() throws -> Bool {
    let code = sqlite3_step(handle)
    if code == SQLITE_ROW { return true }
    if code == SQLITE_DONE { return false }
    throw database.error(code, sql)
  }

  /// Makes the statement ready to run again with new bindings.
  public func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  public var columnCount: Int { Int(sqlite3_column_count(handle)) }

  public func value(_ column: Int) -> SQLiteValue {
    let c = Int32(column)
    switch sqlite3_column_type(handle, c) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, c))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, c))
    case SQLITE_NULL: return .null
    default:
      guard let p = sqlite3_column_text(handle, c) else { return .null }
      let n = Int(sqlite3_column_bytes(handle, c))
      return .text(String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self))
    }
  }

  public func row() -> [SQLiteValue] { (0..<columnCount).map(value) }
}
