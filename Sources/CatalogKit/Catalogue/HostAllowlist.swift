import Foundation

/// The hosts the app's direct-file downloader accepts (catalogue-format §4). This is the one place
/// they are listed: adding a source means adding its download host here.
public struct HostAllowlist: Sendable, Equatable {
  /// Lowercased host names; matching is exact, so neither subdomains nor parent domains match.
  public var hosts: Set<String>

  public init(_ hosts: some Sequence<String>) {
    self.hosts = Set(hosts.map { $0.lowercased() })
  }

  public static let standard = HostAllowlist([
    "retrospec.elite.org",  // RetroSpec
    "archive.org",  // archive.org and Spectrum
    "commodore.bombjack.org",  // BombJack
    "arcarc.xmission.com",  // BombJack (the hand-added Joystik run)
    "www.atarimania.com",  // Atarimania
    "vintageapple.org",  // Vintage Apple
  ])

  /// The hosts an absolute cover or thumbnail may name: the download hosts, and BombJack's parent
  /// domain, where the hand-added Joystik run keeps its covers.
  public static let covers = HostAllowlist(standard.hosts.union(["bombjack.org"]))

  /// What is wrong with a download URL, or nil when the app's downloader would accept it.
  public func problem(with url: String) -> DownloadURLProblem? {
    switch DownloadURL.parse(url) {
    case .failure(let p): return p
    case .success(let parts):
      guard parts.scheme == "http" || parts.scheme == "https" else { return .scheme(parts.scheme) }
      guard hosts.contains(parts.host) else { return .host(parts.host) }
      return nil
    }
  }

  public func allows(_ url: String) -> Bool { problem(with: url) == nil }
}

/// Why a catalogue URL is unusable.
public enum DownloadURLProblem: Error, Sendable, Equatable, CustomStringConvertible {
  case unparsable
  case noHost
  case scheme(String)
  case host(String)

  public var description: String {
    switch self {
    case .unparsable: "does not parse as a URL"
    case .noHost: "has no host"
    case .scheme(let s): "uses scheme '\(s)', not http or https"
    case .host(let h): "host \(h) is not on the download allowlist"
    }
  }
}

/// The scheme and host of a catalogue URL, lowercased, as the app reads them.
public enum DownloadURL {
  public struct Parts: Sendable, Equatable {
    public var scheme: String
    public var host: String
  }

  public static func parse(_ url: String) -> Result<Parts, DownloadURLProblem> {
    if let parts = plainParts(url) { return .success(parts) }
    return foundationParse(url)
  }

  /// What `URLComponents` makes of `url`: the reading every URL got before `plainParts`, and still
  /// the one for any URL that is not plain.
  static func foundationParse(_ url: String) -> Result<Parts, DownloadURLProblem> {
    guard let c = URLComponents(string: url), let scheme = c.scheme else { return .failure(.unparsable) }
    guard let host = c.host, !host.isEmpty else { return .failure(.noHost) }
    return .success(Parts(scheme: scheme.lowercased(), host: host.lowercased()))
  }

  /// The parts of a plain URL, `scheme://host/rest`, read without `URLComponents`: a host of letters,
  /// digits, dots and hyphens (no user, no port), and a rest of only the characters RFC 3986 allows
  /// unescaped in a path, query and fragment, with every `%` starting an escape. `URLComponents`
  /// reads every such URL, to these parts; it is a third of `catalog check` on the 18,000 BombJack
  /// URLs, each read by three rules. Nil for anything else, which `URLComponents` then reads.
  static func plainParts(_ url: String) -> Parts? {
    var copy = url
    // Over the string's own bytes: walking `String.UTF8View` indexes cost more than the checks.
    return copy.withUTF8 { plainParts(bytes: $0) }
  }

  private static func plainParts(bytes u: UnsafeBufferPointer<UInt8>) -> Parts? {
    var i = 0
    while i < u.count, u[i] != UInt8(ascii: ":") { i += 1 }
    guard i > 0, i < u.count, isLetter(u[0]) else { return nil }
    let schemeEnd = i
    for j in 1..<schemeEnd {
      let b = u[j]
      guard isLetter(b) || isDigit(b) || b == 0x2B || b == 0x2D || b == 0x2E else { return nil }
    }
    guard u.count - schemeEnd >= 3, u[schemeEnd + 1] == UInt8(ascii: "/"), u[schemeEnd + 2] == UInt8(ascii: "/") else {
      return nil
    }
    let hostStart = schemeEnd + 3
    i = hostStart
    while i < u.count, u[i] != UInt8(ascii: "/"), u[i] != UInt8(ascii: "?"), u[i] != UInt8(ascii: "#") {
      let b = u[i]
      guard isLetter(b) || isDigit(b) || b == 0x2D || b == 0x2E else { return nil }
      i += 1
    }
    let hostEnd = i
    guard hostEnd > hostStart else { return nil }
    var inFragment = false
    while i < u.count {
      let b = u[i]
      i += 1
      if b == UInt8(ascii: "%") {
        guard u.count - i >= 2, CataloguePath.hex(u[i]) != nil, CataloguePath.hex(u[i + 1]) != nil else { return nil }
        i += 2
      } else if b == UInt8(ascii: "#") {
        guard !inFragment else { return nil }
        inFragment = true
      } else if !isLetter(b) && !isDigit(b) && !allowedMarks[Int(b)] {
        return nil
      }
    }
    return Parts(
      scheme: String(decoding: UnsafeBufferPointer(rebasing: u[0..<schemeEnd]), as: UTF8.self).lowercased(),
      host: String(decoding: UnsafeBufferPointer(rebasing: u[hostStart..<hostEnd]), as: UTF8.self).lowercased())
  }

  /// Unreserved marks, sub-delimiters, and `:@/?` (RFC 3986 §3.3–3.5), one flag per byte.
  private static let allowedMarks: [Bool] = {
    var t = [Bool](repeating: false, count: 256)
    for b in "-._~!$&'()*+,;=:@/?".utf8 { t[Int(b)] = true }
    return t
  }()

  private static func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }

  private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  /// True when `url` parses with an http or https scheme and a host (covers may use any host).
  public static func isWebURL(_ url: String) -> Bool {
    guard case .success(let p) = parse(url) else { return false }
    return p.scheme == "http" || p.scheme == "https"
  }
}
