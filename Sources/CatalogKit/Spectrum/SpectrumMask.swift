/// A ZXDB archive mask: a URL template expanded against one issue's own numbers.
///
/// The grammar is the spec's, not the ZXDB README's or ZXInfo's: kinds are case-sensitive, padded
/// numbers are never truncated, `{y2}` is the two-digit year, and a missing field is an error rather
/// than the text `null` in a URL.
public struct SpectrumMask: Sendable, Equatable, Hashable {
  public let text: String

  public init(_ text: String) { self.text = text }

  /// English month names, fixed and independent of locale.
  public static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
  ]

  /// The tokens of the mask (text between braces, without them), in order; an unclosed brace ends it.
  public var tokens: [String] {
    var out: [String] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      let after = rest[rest.index(after: open)...]
      guard let close = after.firstIndex(of: "}") else { break }
      out.append(String(after[..<close]))
      rest = after[after.index(after: close)...]
    }
    return out
  }

  /// Expands the mask for one issue, or throws the first failure met scanning left to right.
  public func expand(_ fields: SpectrumMaskFields) throws(SpectrumMaskError) -> String {
    var out = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      out += rest[..<open]
      let after = rest[rest.index(after: open)...]
      // A `{` with no later `}` copies the rest literally, and expansion succeeds.
      guard let close = after.firstIndex(of: "}") else {
        out += rest[open...]
        return out
      }
      out += try expandToken(String(after[..<close]), fields)
      rest = after[after.index(after: close)...]
    }
    out += rest
    return out
  }

  private func expandToken(_ token: String, _ f: SpectrumMaskFields) throws(SpectrumMaskError) -> String {
    guard let kind = token.first else { throw .unknownToken(mask: text, token: token) }
    let argument = String(token.dropFirst())
    switch kind {
    case "i": return try padded(f.number, kind, argument)
    case "v": return try padded(f.volume, kind, argument)
    case "m": return try padded(f.month, kind, argument)
    case "d": return try padded(f.day, kind, argument)
    case "y":
      guard let year = f.year else { throw .missing(mask: text, field: "y") }
      if argument == "2" { return SpectrumMask.pad(((year % 100) + 100) % 100, to: 2) }
      return String(year)
    case "M":
      guard let month = f.month, (1...12).contains(month) else { throw .missing(mask: text, field: "M") }
      let name = SpectrumMask.monthNames[month - 1]
      if let n = Int(argument), n >= 0, n < name.count { return String(name.prefix(n)) }
      return name
    case "s": return SpectrumMask.separated(f.special, argument)
    case "u": return SpectrumMask.separated(f.supplement, argument)
    default: throw .unknownToken(mask: text, token: token)
    }
  }

  /// The widest `{iN}` pad read: an Int has at most 19 digits. A mask asking for more is broken, and
  /// `{i118888888888}` would otherwise ask for a 118 GB string (found by fuzzing).
  static let widestPad = 20

  /// `{iN}`-style numbers: at least N digits, never truncated; an empty or non-numeric N means 1.
  private func padded(_ value: Int?, _ kind: Character, _ argument: String) throws(SpectrumMaskError) -> String {
    let width = Int(argument) ?? 1
    guard width <= SpectrumMask.widestPad else { throw .unknownToken(mask: text, token: "\(kind)\(argument)") }
    guard let value else { throw .missing(mask: text, field: String(kind)) }
    return SpectrumMask.pad(value, to: width)
  }

  static func pad(_ value: Int, to width: Int) -> String {
    let digits = String(value.magnitude)
    let zeros = String(repeating: "0", count: max(0, width - digits.count))
    return (value < 0 ? "-" : "") + zeros + digits
  }

  /// `{s…}`/`{u…}`: the argument is a literal separator put in front; nothing at all when empty.
  static func separated(_ value: String?, _ separator: String) -> String {
    guard let value, !value.isEmpty else { return "" }
    return separator + value
  }
}
