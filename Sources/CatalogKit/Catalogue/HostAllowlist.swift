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
    var u = url.utf8[...]
    guard let colon = u.firstIndex(of: UInt8(ascii: ":")), colon != u.startIndex else { return nil }
    let scheme = u[..<colon]
    guard let first = scheme.first, isLetter(first),
      scheme.allSatisfy({ isLetter($0) || isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
    else { return nil }
    u = u[u.index(after: colon)...]
    guard u.starts(with: "//".utf8) else { return nil }
    u = u.dropFirst(2)
    let hostEnd =
      u.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? u.endIndex
    let host = u[..<hostEnd]
    guard !host.isEmpty, host.allSatisfy({ isLetter($0) || isDigit($0) || $0 == 0x2D || $0 == 0x2E }) else {
      return nil
    }
    var rest = u[hostEnd...]
    var inFragment = false
    while let b = rest.first {
      rest = rest.dropFirst()
      if b == UInt8(ascii: "%") {
        guard rest.count >= 2, let h = rest.first, CataloguePath.hex(h) != nil,
          CataloguePath.hex(rest[rest.index(after: rest.startIndex)]) != nil
        else { return nil }
        rest = rest.dropFirst(2)
      } else if b == UInt8(ascii: "#") {
        guard !inFragment else { return nil }
        inFragment = true
      } else if !isLetter(b) && !isDigit(b) && !allowedMarks[Int(b)] {
        return nil
      }
    }
    return Parts(
      scheme: String(decoding: scheme, as: UTF8.self).lowercased(),
      host: String(decoding: host, as: UTF8.self).lowercased())
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
