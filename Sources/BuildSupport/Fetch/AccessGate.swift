import CatalogKit
import Foundation

/// Stage one: whether a URL may be asked at all. Its host must be one the source declared, and,
/// unless robots are ignored or nothing goes to the network, the host's robots.txt must allow its
/// path (robots.txt itself is always asked). The robots.txt is loaded once per host per run, by the
/// loader the caller hands in (through the cache and the network, so it is polite and cached too).
struct AccessGate: Sendable {
  let configuration: FetcherConfiguration
  let counters: Counters
  let robots = RobotsTable()

  typealias RobotsLoader = @Sendable (_ url: URL, _ host: String) async throws -> RobotsOutcome

  /// The URL's host, lowercased, when the URL may be asked; otherwise throws why not.
  func admit(_ url: URL, loadRobots: @escaping RobotsLoader) async throws -> String {
    guard let host = url.host?.lowercased(), configuration.allows(host) else {
      counters.add(.failed)
      throw FetchError.hostNotAllowed(url)
    }
    guard configuration.respectRobots, !configuration.noNetwork, url.path != "/robots.txt" else { return host }
    let policy = try await robots.policy(for: host) { try await loadRobots(url, host) }
    if let reason = policy.unavailableReason {
      counters.add(.failed)
      throw FetchError.robotsUnavailable(url, reason: reason)
    }
    if !policy.rules.allows(AccessGate.pathAndQuery(url)) {
      counters.add(.failed)
      throw FetchError.disallowedByRobots(url)
    }
    return host
  }

  /// What robots.txt rules are matched against: the path (`/` when empty) and its query.
  static func pathAndQuery(_ url: URL) -> String {
    var pq = url.path.isEmpty ? "/" : url.path
    if let q = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedQuery { pq += "?" + q }
    return pq
  }
}

/// A host's robots.txt as this run applies it: its rules, and, when it could not be fetched, why
/// (the rules are then disallow-all, and errors say so rather than blame the file).
struct RobotsOutcome: Sendable {
  var rules: RobotsPolicy
  var unavailableReason: String? = nil
}

/// robots.txt policies by host, for this run.
actor RobotsTable {
  private var loads: [String: Task<RobotsOutcome, Error>] = [:]

  /// The host's policy, loaded once even when many requests ask at the same moment.
  func policy(for host: String, load: @escaping @Sendable () async throws -> RobotsOutcome) async throws
    -> RobotsOutcome
  {
    if let t = loads[host] { return try await t.value }
    let t = Task { try await load() }
    loads[host] = t
    return try await t.value
  }

  static func outcome(from r: FetchResponse, agent: String) -> RobotsOutcome {
    if r.isSuccess {
      return RobotsOutcome(rules: RobotsPolicy.parse(String(decoding: r.body, as: UTF8.self), agent: agent))
    }
    if (400..<500).contains(r.status) { return RobotsOutcome(rules: .allowAll) }
    return RobotsOutcome(rules: .disallowAll, unavailableReason: "HTTP \(r.status)")
  }

  /// RFC 9309 asks crawlers not to keep robots.txt longer than a day.
  static func isStale(_ fetched: String, now: Date) -> Bool {
    guard let d = ISO8601DateFormatter().date(from: fetched) else { return true }
    return now.timeIntervalSince(d) > 86_400
  }
}
