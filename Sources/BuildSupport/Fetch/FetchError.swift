import Foundation

/// Why a fetch produced no answer. Each case's description names the URL or host.
public enum FetchError: Error, CustomStringConvertible, Sendable {
  /// `--no-network` and the cache has no entry.
  case notCached(URL, HTTPMethod)
  /// Several misses gathered before failing, so the message lists every one.
  case notCachedMany([URL])
  /// The host is not one the source declares.
  case hostNotAllowed(URL)
  /// A redirect pointed at another host.
  case foreignRedirect(from: URL, to: String)
  /// The host kept refusing (429 / 503) until its breaker opened or the wait exceeded our cap.
  case refused(host: String, status: Int, wait: String)
  /// A 5xx or transport failure that did not clear after every attempt.
  case failed(URL, reason: String)
  /// The body was larger than the cap for its kind.
  case tooLarge(URL, bytes: Int, cap: Int)
  /// The server sent fewer bytes than Content-Length promised.
  case truncated(URL, got: Int, expected: Int)
  /// robots.txt disallows the path and the build was not told to ignore it.
  case disallowedByRobots(URL)
  /// `--max-time` ran out before this request could be sent.
  case deadlineReached(URL)

  public var description: String {
    switch self {
    case .notCached(let url, let m):
      return "\(url.absoluteString): not cached (\(m.rawValue)) and --no-network was given"
    case .notCachedMany(let urls):
      return "\(urls.count) URL(s) are not cached and --no-network was given:\n"
        + urls.map { "  " + $0.absoluteString }.joined(separator: "\n")
    case .hostNotAllowed(let url):
      return "\(url.absoluteString): host '\(url.host ?? "")' is not one this source fetches"
    case .foreignRedirect(let from, let to):
      return "\(from.absoluteString): redirect to another host refused (\(to))"
    case .refused(let host, let status, let wait):
      return "\(host) refused us (\(status)); try again in \(wait)"
    case .failed(let url, let reason):
      return "\(url.absoluteString): \(reason)"
    case .tooLarge(let url, let bytes, let cap):
      return
        "\(url.absoluteString): the body (\(bytes) bytes or more) is over the \(cap)-byte cap for its kind; not stored"
    case .truncated(let url, let got, let expected):
      return "\(url.absoluteString): body truncated (\(got) of \(expected) bytes)"
    case .disallowedByRobots(let url):
      return "\(url.absoluteString): robots.txt disallows this path"
    case .deadlineReached(let url):
      return "\(url.absoluteString): --max-time ran out before this request; nothing was written, the cache is kept"
    }
  }

  /// The exit code a build ends with when this error stops it.
  public var exitCode: ExitCode {
    switch self {
    case .notCached, .notCachedMany, .refused, .disallowedByRobots: .unavailable
    case .hostNotAllowed, .foreignRedirect, .failed, .tooLarge, .truncated: .unavailable
    case .deadlineReached: .tempfail
    }
  }
}
