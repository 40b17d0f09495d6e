import Foundation

/// Reads a cache record the way the cache writes it, on its bytes: a warm BombJack rebuild reads
/// 38,000 records (a file per page, a HEAD-log line per size), and `JSONSerialization` building an
/// `NSDictionary` for each, then casting it, was a third of the time spent reading the cache.
///
/// It reads only the plain shape the cache writes: one object whose members are the record's known
/// fields, each once, with strings (escapes but `\u` allowed), whole numbers that fit, `true` or
/// `false`, and `headers` as an object of strings. Anything else (a `\u` escape, a null, another
/// key, a number with a fraction, bytes after the object) is not a failure here: it returns nil and
/// the caller asks `JSONSerialization`, so a record means exactly what it meant before.
struct CacheRecordReader {
  private let bytes: ArraySlice<UInt8>
  private var i: Int

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    i = bytes.startIndex
  }

  /// A field's value as read.
  private enum Value {
    case string(String)
    case number(Int)
    case bool(Bool)
    case strings([String: String])

    var string: String? {
      if case .string(let s) = self { return s }
      return nil
    }
    var number: Int? {
      if case .number(let n) = self { return n }
      return nil
    }
    var bool: Bool? {
      if case .bool(let b) = self { return b }
      return nil
    }
    var strings: [String: String]? {
      if case .strings(let h) = self { return h }
      return nil
    }
  }

  mutating func record() -> CacheRecord? {
    var fields = Fields()
    skipSpace()
    guard take(0x7B) else { return nil }
    skipSpace()
    if !take(0x7D) {
      while true {
        skipSpace()
        guard let name = field() else { return nil }
        skipSpace()
        guard take(0x3A) else { return nil }
        skipSpace()
        guard let v = value(object: name == .headers), fields.set(name, v) else { return nil }
        skipSpace()
        if take(0x2C) { continue }
        guard take(0x7D) else { return nil }
        break
      }
    }
    skipSpace()
    guard i == bytes.endIndex else { return nil }
    return fields.record()
  }

  /// A record's member names, matched on their bytes: made into a string and compared eleven
  /// ways, they cost a warm rebuild as much as the values they name.
  private enum Field: CaseIterable {
    case key, url, method, status, headers, fetched, bodySHA256, bodyBytes, charset, keyVersion, removed

    var name: StaticString {
      switch self {
      case .key: "key"
      case .url: "url"
      case .method: "method"
      case .status: "status"
      case .headers: "headers"
      case .fetched: "fetched"
      case .bodySHA256: "bodySHA256"
      case .bodyBytes: "bodyBytes"
      case .charset: "charset"
      case .keyVersion: "keyVersion"
      case .removed: "removed"
      }
    }
  }

  /// A member's name, or nil for any other (an escape included: no escape spells a letter, so a
  /// name with one is none of the record's, as when it was read as text and compared).
  private mutating func field() -> Field? {
    guard take(0x22) else { return nil }
    let start = i
    while i < bytes.endIndex, bytes[i] != 0x22, bytes[i] != 0x5C { i += 1 }
    guard i < bytes.endIndex, bytes[i] == 0x22 else { return nil }
    let raw = bytes[start..<i]
    i += 1
    return Field.allCases.first { f in f.name.withUTF8Buffer { raw.elementsEqual($0) } }
  }

  /// The fields read so far, each at most once.
  private struct Fields {
    var key: String?
    var url: String?
    var method: String?
    var status: Int?
    var headers: [String: String]?
    var fetched: String?
    var bodySHA256: String?
    var bodyBytes: Int?
    var charset: String?
    var keyVersion: String?
    var removed: Bool?

    /// Files a value under its name; false for a name read twice, an unknown one, or a value of
    /// another type than the record's (where `CacheRecord.read`'s casts would decide).
    mutating func set(_ name: Field, _ v: Value) -> Bool {
      func put<T>(_ slot: inout T?, _ value: T?) -> Bool {
        guard slot == nil, let value else { return false }
        slot = value
        return true
      }
      switch name {
      case .key: return put(&key, v.string)
      case .url: return put(&url, v.string)
      case .method: return put(&method, v.string)
      case .status: return put(&status, v.number)
      case .headers: return put(&headers, v.strings)
      case .fetched: return put(&fetched, v.string)
      case .bodySHA256: return put(&bodySHA256, v.string)
      case .bodyBytes: return put(&bodyBytes, v.number)
      case .charset: return put(&charset, v.string)
      case .keyVersion: return put(&keyVersion, v.string)
      case .removed: return put(&removed, v.bool)
      }
    }

    func record() -> CacheRecord? {
      guard let url, let method = method.flatMap(HTTPMethod.init(rawValue:)), let status, let fetched, let bodySHA256,
        let bodyBytes, let keyVersion
      else { return nil }
      return CacheRecord(
        key: key, url: url, method: method, status: status, headers: headers ?? [:], fetched: fetched,
        bodySHA256: bodySHA256, bodyBytes: bodyBytes, charset: charset, keyVersion: keyVersion, removed: removed)
    }
  }

  private mutating func value(object: Bool) -> Value? {
    guard i < bytes.endIndex else { return nil }
    switch bytes[i] {
    case 0x22: return string().map(Value.string)
    case 0x74: return word("true") ? .bool(true) : nil
    case 0x66: return word("false") ? .bool(false) : nil
    case 0x7B where object: return strings().map(Value.strings)
    default: return number().map(Value.number)
    }
  }

  /// `{"name": "value", …}` with each name once.
  private mutating func strings() -> [String: String]? {
    guard take(0x7B) else { return nil }
    // Room for a response's usual few headers at once: grown from empty, the table was made four
    // times for each record.
    var out = [String: String](minimumCapacity: 8)
    skipSpace()
    if take(0x7D) { return out }
    while true {
      skipSpace()
      guard let name = string(), out[name] == nil else { return nil }
      skipSpace()
      guard take(0x3A) else { return nil }
      skipSpace()
      guard let v = string() else { return nil }
      out[name] = v
      skipSpace()
      if take(0x2C) { continue }
      return take(0x7D) ? out : nil
    }
  }

  /// A whole number without a sign, fraction or exponent, and no longer than 18 digits (so it fits).
  private mutating func number() -> Int? {
    let start = i
    while i < bytes.endIndex, (0x30...0x39).contains(bytes[i]) { i += 1 }
    let count = i - start
    guard count > 0, count <= 18, count == 1 || bytes[start] != 0x30 else { return nil }
    if i < bytes.endIndex, bytes[i] == 0x2E || bytes[i] == 0x65 || bytes[i] == 0x45 { return nil }
    return bytes[start..<i].reduce(0) { $0 * 10 + Int($1 - 0x30) }
  }

  /// A string with the simple escapes; nil for `\u` (rare here: the cache writes none) and for
  /// what JSON does not allow in one (a control character, bytes that are not UTF-8).
  private mutating func string() -> String? {
    guard take(0x22) else { return nil }
    var start = i
    var out: [UInt8] = []
    var ascii = true
    while i < bytes.endIndex {
      let b = bytes[i]
      if b == 0x22 {
        let text: String?
        if out.isEmpty {
          text = CacheRecordReader.text(bytes[start..<i], ascii: ascii)
        } else {
          out += bytes[start..<i]
          text = CacheRecordReader.text(out[...], ascii: ascii)
        }
        i += 1
        return text
      }
      if b < 0x20 { return nil }
      if b >= 0x80 { ascii = false }
      if b == 0x5C {
        out += bytes[start..<i]
        i += 1
        guard i < bytes.endIndex else { return nil }
        switch bytes[i] {
        case 0x22, 0x5C, 0x2F: out.append(bytes[i])
        case 0x62: out.append(0x08)
        case 0x66: out.append(0x0C)
        case 0x6E: out.append(0x0A)
        case 0x72: out.append(0x0D)
        case 0x74: out.append(0x09)
        default: return nil
        }
        i += 1
        start = i
        continue
      }
      i += 1
    }
    return nil
  }

  /// The bytes as text, or nil when they are not UTF-8. ASCII (nearly every record's every value)
  /// is made from the contiguous bytes at once: `String(validating:)` on a slice went through its
  /// generic path, type metadata looked up per call, a twentieth of a warm rebuild.
  private static func text(_ b: ArraySlice<UInt8>, ascii: Bool) -> String? {
    guard ascii else { return String(validating: b, as: UTF8.self) }
    return b.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
  }

  private mutating func word(_ w: StaticString) -> Bool {
    let n = w.utf8CodeUnitCount
    guard bytes.endIndex - i >= n else { return false }
    let same = w.withUTF8Buffer { bytes[i..<(i + n)].elementsEqual($0) }
    if same { i += n }
    return same
  }

  private mutating func take(_ b: UInt8) -> Bool {
    guard i < bytes.endIndex, bytes[i] == b else { return false }
    i += 1
    return true
  }

  private mutating func skipSpace() {
    while i < bytes.endIndex, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
  }
}
