import Foundation

/// Reads a `Retry-After` value: whole seconds (> 0) or an HTTP date in the future; anything else,
/// `0` included, means no wait was given.
public enum RetryAfter {
  public static func seconds(_ value: String?, now: Date = Date()) -> Double? {
    guard let raw = value?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
    if raw.allSatisfy(\.isNumber) {
      guard let n = Double(raw), n > 0 else { return nil }
      return n
    }
    if raw.hasPrefix("-") { return nil }
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: "GMT")
    f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = f.date(from: raw) else { return nil }
    let wait = date.timeIntervalSince(now)
    return wait > 0 ? wait : nil
  }

  /// How a wait reads to a person, always rounded up: "2 seconds", "3 minutes", "2 hours".
  public static func phrase(_ seconds: Double?) -> String {
    guard let s = seconds else { return "a few minutes" }
    if s < 90 {
      let n = Int(s.rounded(.up))
      return n == 1 ? "1 second" : "\(n) seconds"
    }
    if s < 5400 { return "\(Int((s / 60).rounded(.up))) minutes" }
    return "\(Int((s / 3600).rounded(.up))) hours"
  }
}
