/// One field's value as a diff shows it: the JSON scalar, so `--json` output keeps types.
public enum FieldValue: Sendable, Equatable, Codable, CustomStringConvertible {
  case string(String)
  case int(Int64)
  case bool(Bool)

  public init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if let b = try? c.decode(Bool.self) {
      self = .bool(b)
    } else if let i = try? c.decode(Int64.self) {
      self = .int(i)
    } else {
      self = .string(try c.decode(String.self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    switch self {
    case .string(let s): try c.encode(s)
    case .int(let i): try c.encode(i)
    case .bool(let b): try c.encode(b)
    }
  }

  /// JSON-like: strings quoted (with `"` and `\` escaped, control characters as `\n`-style escapes),
  /// numbers and booleans bare.
  public var description: String {
    switch self {
    case .int(let i): return String(i)
    case .bool(let b): return b ? "true" : "false"
    case .string(let s): return JSONString.quoted(s)
    }
  }
}

/// The named fields of a record in key order (as the file writes them), absent optionals left out.
/// Diffs compare these, so a new field needs one line here.
public protocol DiffableRecord {
  var diffFields: [(String, FieldValue)] { get }
}

extension Issue: DiffableRecord {
  public var diffFields: [(String, FieldValue)] {
    var f: [(String, FieldValue)] = []
    f.reserveCapacity(12)
    if let bytes { f.append(("bytes", .int(bytes))) }
    if let cover { f.append(("cover", .string(cover))) }
    if let dead { f.append(("dead", .bool(dead))) }
    f.append(("id", .string(id)))
    if let month { f.append(("month", .int(Int64(month)))) }
    f.append(("number", .int(Int64(number))))
    if let pages { f.append(("pages", .int(Int64(pages)))) }
    f.append(("series", .string(series)))
    if let thumb { f.append(("thumb", .string(thumb))) }
    f.append(("title", .string(title)))
    if let year { f.append(("year", .int(Int64(year)))) }
    f.append(("zip", .string(zip)))
    return f
  }
}

extension Series: DiffableRecord {
  public var diffFields: [(String, FieldValue)] {
    var f: [(String, FieldValue)] = [("code", .string(code)), ("key", .string(key))]
    if let language { f.append(("language", .string(language))) }
    f.append(("name", .string(name)))
    return f
  }
}

extension PopBoksIssue: DiffableRecord {
  public var diffFields: [(String, FieldValue)] {
    var f: [(String, FieldValue)] = [
      ("columns", .int(Int64(columns))), ("firstPage", .int(Int64(firstPage))), ("id", .int(Int64(id))),
      ("label", .string(label)),
    ]
    if let month { f.append(("month", .int(Int64(month)))) }
    f += [
      ("number", .int(Int64(number))), ("pages", .int(Int64(pages))), ("rows", .int(Int64(rows))),
      ("title", .string(title)), ("year", .int(Int64(year))),
    ]
    return f
  }
}

extension Comic: DiffableRecord {
  public var diffFields: [(String, FieldValue)] {
    var f: [(String, FieldValue)] = [
      ("cover", .string(cover)), ("creators", .string(creators)), ("date", .string(date)), ("dir", .string(dir)),
      ("ext", .string(ext)), ("id", .int(Int64(id))),
    ]
    if let lead { f.append(("lead", .string(lead))) }
    f += [("number", .int(Int64(number))), ("pages", .int(Int64(pages))), ("prefix", .string(prefix))]
    if let series { f.append(("series", .string(series))) }
    f += [("title", .string(title)), ("width", .int(Int64(width)))]
    return f
  }
}
