import Foundation

/// Reads a `Retry-After` value, which any server may set to anything: whole seconds (> 0), a
/// fraction of them, or an HTTP date in the future. Anything else (`0`, negative numbers, a date
/// already past, garbage) means no wait was given. A wait is clamped to `longest`, so no value,
/// however large, can overflow the arithmetic that follows (1e23 seconds, the year 9999).
public enum RetryAfter {
  /// Ten years: longer than any cap a build will use, small enough for every conversion after.
  public static let longest = 10 * 365 * 86_400.0

  public static func seconds(_ value: String?, now: Date = Date()) -> Double? {
    guard let raw = value?.trimmingCharacters(in: .whitespaces), !raw.isEmpty, raw.utf8.count <= 64 else {
      return nil
    }
    if raw.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
      guard let n = Double(raw), n.isFinite, n > 0 else { return nil }
      return min(n, longest)
    }
    // An HTTP date is printable ASCII. Foundation's DateFormatter traps ("Incorrect range") on some
    // strings with multi-byte characters, so nothing else reaches it (found by FuzzHeaders).
    guard raw.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: "GMT")
    f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = f.date(from: raw) else { return nil }
    let wait = date.timeIntervalSince(now)
    guard wait.isFinite, wait > 0 else { return nil }
    return min(wait, longest)
  }

  /// How a wait reads to a person, always rounded up: "2 seconds", "3 minutes", "2 hours", "4 days";
  /// a wait at the clamp reads "more than 10 years".
  public static func phrase(_ seconds: Double?) -> String {
    guard let s = seconds, s.isFinite, s >= 0 else { return "a few minutes" }
    if s >= longest { return "more than 10 years" }
    func whole(_ x: Double) -> Int { Int(exactly: x.rounded(.up)) ?? Int.max }
    if s < 90 {
      let n = whole(s)
      return n == 1 ? "1 second" : "\(n) seconds"
    }
    if s < 5400 { return "\(whole(s / 60)) minutes" }
    if s < 3 * 86_400 { return "\(whole(s / 3600)) hours" }
    return "\(whole(s / 86_400)) days"
  }

  /// A header value as it can be shown in a message: control characters escaped, cut at 80 characters.
  public static func printable(_ raw: String) -> String {
    var out = ""
    for u in raw.unicodeScalars.prefix(80) {
      if u.value < 0x20 || u.value == 0x7F {
        out += String(format: "\\x%02X", u.value)
      } else {
        out.unicodeScalars.append(u)
      }
    }
    return raw.unicodeScalars.count > 80 ? out + "…" : out
  }
}
