import CatalogKit
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
  /// robots.txt could not be fetched (no answer, or a 5xx), so RFC 9309 says to fetch nothing.
  case robotsUnavailable(URL, reason: String)
  /// Every recent attempt at the host failed below HTTP (refused, reset, timed out, unresolvable),
  /// so its breaker opened: the build stops rather than crawl on at a slowed pace for hours.
  case unreachable(host: String, reason: String)
  /// A cached answer is damaged (its body does not match its SHA-256, or it is filed under another
  /// URL's name) and `--no-network` forbids fetching it again.
  case corruptInCache(URL, reason: String, cache: String)
  /// The `--max-time` budget ran out before this request could start; requests already in flight
  /// finished and the cache keeps everything they brought.
  case timeUp(URL)
  /// Every attempt brought a 2xx that failed its check (`AnswerCheck`): a page cut short at a
  /// matching Content-Length, an error page served as 200, an error page's length as a file's size.
  /// None of them was kept in the cache, so the next run asks again.
  case rejected(URL, reason: String, attempts: Int)

  public var description: String {
    switch self {
    case .notCached(let url, let m):
      return "\(url.absoluteString): not cached (\(m.rawValue)) and --no-network was given"
    case .notCachedMany(let urls):
      return
        "\(Plural.count(urls.count, "URL")) \(Plural.verb(urls.count, "is", "are")) not cached and --no-network was given:\n"
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
    case .robotsUnavailable(let url, let reason):
      return
        "\(url.absoluteString): robots.txt could not be fetched (\(reason)); RFC 9309 says to treat that as "
        + "disallowing everything, so nothing was fetched from \(url.host ?? "the host") (--ignore-robots overrides)"
    case .unreachable(let host, let reason):
      return "\(host) is unreachable (\(reason)); stopped asking it"
    case .corruptInCache(let url, let reason, let cache):
      return
        "\(url.absoluteString): the cached copy is corrupt (\(reason)); run 'catalog cache verify --cache \(cache) --repair' "
        + "and build again with the network"
    case .rejected(let url, let reason, let attempts):
      return
        "\(url.absoluteString): \(reason) (\(Plural.count(attempts, "attempt"))); not kept in the cache, "
        + "the next run asks again"
    case .timeUp(let url):
      return
        "the --max-time budget ran out before \(url.absoluteString) could be fetched; what was fetched is cached, "
        + "run again to continue"
    }
  }

  /// The exit code a build ends with when this error stops it.
  public var exitCode: ExitCode {
    switch self {
    case .notCached, .notCachedMany, .refused, .disallowedByRobots, .robotsUnavailable: .unavailable
    case .hostNotAllowed, .foreignRedirect, .failed, .tooLarge, .truncated, .unreachable: .unavailable
    case .corruptInCache: .unavailable
    case .timeUp: .tempfail
    // The answer is not the page (exit 65, as a page that fails to parse): nothing is written.
    case .rejected: .invalid
    }
  }
}
