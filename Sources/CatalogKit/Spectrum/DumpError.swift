/// Why the ZXDB SQL dump could not be read. Every case names the dump, the line and byte offset, and
/// the table when there is one.
public enum DumpError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The dump stops inside a statement (a cut download, or a broken inflate).
  case truncated(dump: String, offset: Int, line: Int, inside: String)
  /// A row whose value count differs from its INSERT's column list.
  case wrongColumnCount(dump: String, offset: Int, line: Int, table: String, values: Int, columns: Int)
  /// A needed table lacks a needed column, or an INSERT without columns has no CREATE TABLE to fall back on.
  case unknownLayout(dump: String, offset: Int, line: Int, table: String, problem: String)
  /// Bytes that fit no part of the INSERT grammar.
  case syntax(dump: String, offset: Int, line: Int, table: String, problem: String)
  /// A statement head or a value runs past its limit (`SQLDumpParser.statementHeadLimit`, `.valueLimit`):
  /// garbage or a missing quote or `;`, which would otherwise be held in memory whole.
  case oversized(dump: String, offset: Int, line: Int, what: String, limit: Int)
  /// A table the build needs has no INSERT in the dump.
  case missingTable(dump: String, table: String)

  public var description: String {
    switch self {
    case .truncated(let d, let o, let l, let inside):
      "\(d): line \(l) (byte \(o)): the dump ends inside \(inside)"
    case .wrongColumnCount(let d, let o, let l, let t, let v, let c):
      "\(d): line \(l) (byte \(o)): a row of `\(t)` has \(v) values for \(c) columns"
    case .unknownLayout(let d, let o, let l, let t, let p):
      "\(d): line \(l) (byte \(o)): unknown layout of table `\(t)`: \(p)"
    case .syntax(let d, let o, let l, let t, let p): "\(d): line \(l) (byte \(o)): in `\(t)`: \(p)"
    case .oversized(let d, let o, let l, let what, let limit):
      "\(d): line \(l) (byte \(o)): \(what) runs past \(limit >> 20) MiB without ending; the dump is damaged"
    case .missingTable(let d, let t): "\(d): the dump has no rows for table `\(t)`"
    }
  }
}
