import Foundation

/// One machine-readable progress line a build writes on stderr when `catalog build` runs it with
/// `SHELFMARK_PROGRESS=lines`: `@shelfmark-progress {"cached":2,"done":3,"phase":"index",…}`. The
/// parent strips these lines from what it passes through and shows the running tool's phase,
/// counts, requests and rate from them. One stream (stderr) keeps them in order with the warnings.
public struct ProgressLine: Equatable, Sendable {
  public static let environmentKey = "SHELFMARK_PROGRESS"
  public static let prefix = "@shelfmark-progress "

  /// The tool's current phase ("index", "metadata", "probe"), when it has named one.
  public var phase: String?
  public var done: Int?
  public var total: Int?
  /// `fetch/requests` and `fetch/hit` so far.
  public var requests: Int?
  public var cached: Int?

  public init(phase: String? = nil, done: Int? = nil, total: Int? = nil, requests: Int? = nil, cached: Int? = nil) {
    self.phase = phase
    self.done = done
    self.total = total
    self.requests = requests
    self.cached = cached
  }

  public var encoded: String {
    var object: [String: Any] = [:]
    if let phase { object["phase"] = phase }
    if let done { object["done"] = done }
    if let total { object["total"] = total }
    if let requests { object["requests"] = requests }
    if let cached { object["cached"] = cached }
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    return Self.prefix + String(decoding: data, as: UTF8.self)
  }

  /// Reads a line a child wrote; nil for any other line (a warning, or a malformed progress line:
  /// the child's bytes are hostile like any other).
  public static func parse(_ line: Substring) -> ProgressLine? {
    guard line.hasPrefix(prefix) else { return nil }
    let json = line.dropFirst(prefix.count)
    guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return nil }
    func count(_ key: String) -> Int? {
      guard let n = object[key] as? NSNumber, let i = Int(exactly: n.doubleValue), i >= 0 else { return nil }
      return i
    }
    return ProgressLine(
      phase: (object["phase"] as? String).map { String($0.prefix(60)) }, done: count("done"), total: count("total"),
      requests: count("requests"), cached: count("cached"))
  }
}
