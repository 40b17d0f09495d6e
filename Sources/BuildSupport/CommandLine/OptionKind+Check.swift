import Foundation

extension OptionKind {
  /// Checks one value: nil when it is good, else what the option takes ("takes a share from 0 to
  /// 1"), for the usage error `--x takes …, not '…'.`
  func problem(with v: String) -> String? {
    switch self {
    case .flag, .list, .path: return nil
    case .webAddress:
      guard let u = URL(string: v), let scheme = u.scheme, ["http", "https"].contains(scheme), u.host != nil else {
        return "takes an http(s) URL such as http://127.0.0.1:8080"
      }
      return nil
    case .percentage:
      return OptionKind.percentage(v) == nil ? "takes a percentage from 0 to 100" : nil
    case .flagOr(let words): return words.contains(v) ? nil : "takes no value or \(words.joined(separator: " or "))"
    case .integer(let r):
      guard let n = Int(v), r.contains(n) else { return "takes a number from \(r.lowerBound) to \(r.upperBound)" }
      return nil
    case .share:
      // `Double` reads "nan", "inf" and "1e300": only a finite number from 0 to 1 is a share.
      guard let d = Double(v), d.isFinite, (0...1).contains(d) else { return "takes a share from 0 to 1" }
      return nil
    case .text:
      return OptionKind.hasControlCharacters(v) ? "takes printable text without control characters" : nil
    case .date:
      return CalendarDate(v) == nil ? "takes a date like 2026-11-30" : nil
    case .duration(let r):
      guard let s = OptionKind.seconds(v), r.contains(s) else {
        return
          "takes a length of time such as 90s, 45m or 5h30m (\(OptionKind.spell(r.lowerBound)) to \(OptionKind.spell(r.upperBound)))"
      }
      return nil
    case .choice(let words):
      guard words.contains(v) else {
        let list =
          words.count <= 2
          ? words.joined(separator: " or ")
          : words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
        return words.count <= 2 ? "takes \(list)" : "takes one of \(list)"
      }
      return nil
    case .span(let r):
      guard let s = OptionKind.span(v), r.contains(s.lowerBound), r.contains(s.upperBound) else {
        return "takes a range like \(r.lowerBound)-\(r.upperBound)"
      }
      return nil
    }
  }

  /// The range in help, added to the default (`1 to 8`), for the kinds that have one.
  var rangeText: String? {
    switch self {
    case .integer(let r): "\(r.lowerBound) to \(r.upperBound)"
    case .share: "0 to 1"
    case .duration(let r): "\(OptionKind.spell(r.lowerBound)) to \(OptionKind.spell(r.upperBound))"
    default: nil
    }
  }

  /// `5`, `1.5%`: the number, when it is a finite one from 0 to 100.
  package static func percentage(_ v: String) -> Double? {
    guard let d = Double(v.hasSuffix("%") ? String(v.dropLast()) : v), d.isFinite, (0...100).contains(d) else {
      return nil
    }
    return d
  }

  static func hasControlCharacters(_ s: String) -> Bool {
    s.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }

  /// `90s`, `45m`, `5h30m`, `2d` (or bare seconds) in seconds: `TimeBudget`'s grammar, the one
  /// `catalog build --max-time` reads too; nil for anything else or past thirty days.
  static func seconds(_ v: String) -> Int? { TimeBudget.seconds(v) }

  /// Seconds in the largest unit that divides them (`7d`, `90s`).
  static func spell(_ s: Int) -> String {
    for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60)] where s >= size && s % size == 0 {
      return "\(s / size)\(unit)"
    }
    return "\(s)s"
  }

  static func span(_ v: String) -> ClosedRange<Int>? {
    let parts = v.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a <= b else { return nil }
    return a...b
  }

  /// A value for an error message: control characters shown escaped, so the message cannot itself
  /// move the cursor or start a new line.
  static func quoted(_ v: String) -> String {
    var out = ""
    for u in v.unicodeScalars {
      switch u {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        out += u.properties.generalCategory == .control ? "\\u{\(String(u.value, radix: 16))}" : String(u)
      }
    }
    return out
  }
}

/// A real day of the Gregorian calendar (`2025-02-30` is not one), years 1900 to 9999.
struct CalendarDate: Sendable, Equatable {
  var year: Int
  var month: Int
  var day: Int

  init?(_ s: String) {
    let parts = s.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
      (1900...9999).contains(y), (1...12).contains(m), d >= 1, d <= CalendarDate.days(inMonth: m, of: y)
    else { return nil }
    (year, month, day) = (y, m, d)
  }

  static func days(inMonth m: Int, of y: Int) -> Int {
    switch m {
    case 2: (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
