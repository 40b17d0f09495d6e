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
    guard let c = URLComponents(string: url), let scheme = c.scheme else { return .failure(.unparsable) }
    guard let host = c.host, !host.isEmpty else { return .failure(.noHost) }
    return .success(Parts(scheme: scheme.lowercased(), host: host.lowercased()))
  }

  /// True when `url` parses with an http or https scheme and a host (covers may use any host).
  public static func isWebURL(_ url: String) -> Bool {
    guard case .success(let p) = parse(url) else { return false }
    return p.scheme == "http" || p.scheme == "https"
  }
}
