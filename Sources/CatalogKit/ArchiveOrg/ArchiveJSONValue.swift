/// Any JSON value, decoded without a schema.
///
/// archive.org's metadata answers are loosely typed: one field can be a string in one item, an array
/// in the next and a bare number in a third. Decoding into this first and reading it loosely afterwards
/// keeps one odd field from failing the whole item.
public enum ArchiveJSONValue: Sendable, Equatable, Decodable {
  case null
  case bool(Bool)
  case integer(Int64)
  /// A number with a fraction or out of Int64's range; never used as text.
  case fraction(Double)
  case string(String)
  case array([ArchiveJSONValue])
  case object([String: ArchiveJSONValue])

  public init(from decoder: Decoder) throws {
    let c = try decoder.singleValueContainer()
    if c.decodeNil() {
      self = .null
    } else if let b = try? c.decode(Bool.self) {
      self = .bool(b)
    } else if let i = try? c.decode(Int64.self) {
      self = .integer(i)
    } else if let d = try? c.decode(Double.self) {
      self = .fraction(d)
    } else if let s = try? c.decode(String.self) {
      self = .string(s)
    } else if let a = try? c.decode([ArchiveJSONValue].self) {
      self = .array(a)
    } else {
      self = .object(try c.decode([String: ArchiveJSONValue].self))
    }
  }

  /// The member of an object, or nil for a missing member or a value that is not an object.
  public subscript(key: String) -> ArchiveJSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The value read loosely as text values: a string is one value, an integer its decimal text, an
  /// array the loose values of its elements; anything else (objects, booleans, fractions, null) is
  /// empty. This is the shared rule for archive.org `metadata` fields.
  public var looseStrings: [String] {
    switch self {
    case .string(let s): return [s]
    case .integer(let i): return [String(i)]
    case .array(let elements):
      return elements.flatMap { element -> [String] in
        if case .array = element { return [] }
        return element.looseStrings
      }
    case .null, .bool, .fraction, .object: return []
    }
  }

  /// The first loose value, or nil.
  public var looseString: String? { looseStrings.first }

  /// True for JSON `true` and for the strings `"true"` / `"1"`; archive.org flags are sometimes text.
  public var looseBool: Bool {
    switch self {
    case .bool(let b): return b
    case .integer(let i): return i != 0
    case .string(let s): return s.lowercased() == "true" || s == "1"
    default: return false
    }
  }
}
