import CSQLite
import Foundation

/// A value read from or bound to SQLite.
public enum SQLiteValue: Sendable, Equatable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)

  public var int: Int? {
    switch self {
    case .integer(let v): Int(v)
    case .text(let s): Int(s)
    case .real(let d): Int(exactly: d)
    case .null: nil
    }
  }

  public var string: String? {
    switch self {
    case .text(let s): s
    case .integer(let v): String(v)
    case .real(let d): String(d)
    case .null: nil
    }
  }
}

/// An SQLite failure, naming the database file and the statement.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
  public var path: String
  public var code: Int32
  public var message: String
  public var sql: String?

  public var description: String {
    let statement = sql.map { ": in `\($0.prefix(80))`" } ?? ""
    return "\(path)\(statement): \(message) (SQLite code \(code))"
  }
}

/// One SQLite connection. Not shared between threads: each build opens its own.
public final class Database {
  public let path: String
  let handle: OpaquePointer

  /// Opens (creating when `readOnly` is false) the database file at `path`.
  public init(path: String, readOnly: Bool = false) throws {
    self.path = path
    var h: OpaquePointer?
    let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    let code = sqlite3_open_v2(path, &h, flags | SQLITE_OPEN_NOMUTEX, nil)
    guard code == SQLITE_OK, let h else {
      let message = h.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      if let h { sqlite3_close_v2(h) }
      throw SQLiteError(path: path, code: code, message: message, sql: nil)
    }
    handle = h
  }

  deinit { sqlite3_close_v2(handle) }

  /// Runs one or more statements that return no rows.
  public func execute(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    if code != SQLITE_OK {
      let text = message.map { String(cString: $0) } ?? lastMessage
      sqlite3_free(message)
      throw SQLiteError(path: path, code: code, message: text, sql: sql)
    }
  }

  public func prepare(_ sql: String) throws -> Statement {
    try Statement(database: self, sql: sql)
  }

  /// All rows of a query, for the small result sets the build reads.
  public func query(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
    let s = try prepare(sql)
    try s.bind(arguments)
    var rows: [[SQLiteValue]] = []
    while try s.step() { rows.append(s.row()) }
    return rows
  }

  /// Runs `body` inside a transaction, rolled back when it throws.
  public func transaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

  func error(_ code: Int32, _ sql: String?) -> SQLiteError {
    SQLiteError(path: path, code: code, message: lastMessage, sql: sql)
  }
}
