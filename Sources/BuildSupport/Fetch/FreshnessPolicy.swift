import CatalogKit
import Foundation
import Synchronization

/// What `--refresh` means for a run.
public enum RefreshMode: String, Sendable {
  /// No refresh: a cached answer is used as it is.
  case off
  /// `--refresh`: the source's freshness rules decide per URL (listings revalidated, details and sizes
  /// re-asked when their row changed or their copy is past `--max-age`).
  case policy
  /// `--refresh=all`: every cached answer is revalidated (the behaviour before freshness rules).
  case all
}

/// The fetcher's hook for a refresh: asked, for each cached answer, whether to use it or ask the
/// server again, and told what each conditional request found. Policy apart from storage, as
/// Scrapy keeps `HttpCacheMiddleware`'s policy apart from its storage.
public final class FreshnessPolicy: Sendable {
  public let rules: FreshnessRules
  public let mode: RefreshMode
  /// A copy older than this is re-asked (each URL's own share of it, see `maxAge(for:)`).
  public let maxAgeDays: Int
  public let now: Date
  /// Targets (`host/path?query`) linked from lines of a listing that changed in this run.
  private let touched = Mutex<Set<String>>([])
  /// Targets already asked in this run (a "read first" page the walk reaches again is not asked twice).
  private let asked = Mutex<Set<String>>([])

  public init(rules: FreshnessRules, mode: RefreshMode, maxAgeDays: Int, now: Date = Date()) {
    self.rules = rules
    self.mode = mode
    self.maxAgeDays = maxAgeDays
    self.now = now
  }

  /// Why a cached answer is asked again.
  enum Reason { case listing, rowChanged, aged, all }

  /// Nil: use the cached copy. Otherwise ask again (conditionally), for this reason.
  func reason(method: HTTPMethod, url: URL, fetched: String) -> Reason? {
    if mode == .all { return .all }
    guard let target = ChangedRows.target(of: url) else { return .listing }
    guard let why = reason(method: method, target: target, fetched: fetched) else { return nil }
    // Asked once per run: a "read first" page the walk reaches again is served from the fresh copy.
    return asked.withLock { $0.insert(method.rawValue + " " + target).inserted } ? why : nil
  }

  private func reason(method: HTTPMethod, target: String, fetched: String) -> Reason? {
    switch rules.kind(method: method.rawValue, target: target) {
    case .listing: return .listing
    case .tile: return nil
    case .page, .detail, .size:
      if touched.withLock({ $0.contains(target) }) { return .rowChanged }
      guard let when = FreshnessPolicy.date(fetched) else { return .aged }
      return now.timeIntervalSince(when) >= maxAge(for: target) ? .aged : nil
    }
  }

  /// Whether the fetcher may answer from the cache without asking; counts the decision.
  func keeps(method: HTTPMethod, url: URL, fetched: String, counters: Counters) -> Bool {
    guard let why = reason(method: method, url: url, fetched: fetched) else {
      counters.add(.refreshKept)
      return true
    }
    counters.add(.refreshRevalidated)
    if why == .rowChanged || why == .aged { counters.add(.refreshReasked) }
    return false
  }

  /// A listing fetched under a refresh with no copy to compare (a new year's "what's new" page): every
  /// link on it counts as a changed row's.
  func observeNew(url: URL, method: HTTPMethod, new: FetchResponse) {
    guard mode == .policy, let target = ChangedRows.target(of: url) else { return }
    asked.withLock { _ = $0.insert(method.rawValue + " " + target) }
    guard method == .get, new.isSuccess, rules.kind(method: method.rawValue, target: target) == .listing else { return }
    let links = ChangedRows.targets(old: [], new: new.body, url: url)
    touched.withLock { $0.formUnion(links) }
  }

  /// Whether a 304 for this URL should restart its copy's age (not for listings: they are asked every run).
  func restartsAge(method: HTTPMethod, url: URL) -> Bool {
    guard let target = ChangedRows.target(of: url) else { return false }
    return rules.kind(method: method.rawValue, target: target) != .listing
  }

  /// A conditional request came back 200 with a body: when it differs from the copy, count it, and
  /// for a GET remember the links on its new lines so their rows are re-asked.
  func observeChange(url: URL, method: HTTPMethod, old: FetchResponse, new: FetchResponse, counters: Counters) {
    guard old.body != new.body || old.status != new.status else { return }
    counters.add(.refreshChanged)
    guard method == .get, new.isSuccess else { return }
    var links = ChangedRows.targets(old: old.body, new: new.body, url: url)
    // A page a changed row points at is usually listed in its folder's index too (a new series'
    // page on its section page): ask that again as well, so the walk finds new links where a cold
    // walk finds them, and in the same order.
    for t in Array(links) {
      guard let slash = t.lastIndex(of: "/"), t[..<slash].contains("/") else { continue }
      let folder = String(t[...slash])
      links.formUnion([folder, folder + "index.htm", folder + "index.html"])
    }
    touched.withLock { $0.formUnion(links) }
  }

  /// The age at which this URL's copy is re-asked: between half and all of `--max-age`, fixed per URL
  /// by a hash of it, so copies fetched in one cold crawl come due over several runs, not in one.
  func maxAge(for target: String) -> TimeInterval {
    let d = SHA256.digest(Array(target.utf8))
    let h = Double(UInt32(d[0]) << 24 | UInt32(d[1]) << 16 | UInt32(d[2]) << 8 | UInt32(d[3])) / 4_294_967_296
    return Double(maxAgeDays) * 86_400 * (1 - 0.5 * h)
  }

  /// `2026-12-01T15:00:00Z` without a formatter (one per cached answer showed in profiles).
  static func date(_ iso: String) -> Date? {
    let b = Array(iso.utf8)
    guard b.count >= 19 else { return nil }
    func n(_ r: Range<Int>) -> Int? {
      var v = 0
      for i in r {
        guard b[i] >= 48, b[i] <= 57 else { return nil }
        v = v * 10 + Int(b[i] - 48)
      }
      return v
    }
    guard let y = n(0..<4), let mo = n(5..<7), let d = n(8..<10), let h = n(11..<13), let mi = n(14..<16),
      let s = n(17..<19)
    else { return nil }
    var t = tm()
    t.tm_year = Int32(y - 1900)
    t.tm_mon = Int32(mo - 1)
    t.tm_mday = Int32(d)
    t.tm_hour = Int32(h)
    t.tm_min = Int32(mi)
    t.tm_sec = Int32(s)
    return Date(timeIntervalSince1970: TimeInterval(timegm(&t)))
  }
}

extension Fetcher {
  /// Under `--refresh`, the source's "read first" pages (BombJack's changelogs), fetched before the
  /// build starts. A page that fails is only a page less to learn from: the walk still runs.
  public func readFirst(date: String) async {
    guard configuration.refresh, !configuration.noNetwork, let policy = configuration.freshness, policy.mode == .policy
    else { return }
    let urls = policy.rules.readFirstURLs(date: date).compactMap(URL.init(string:))
    guard !urls.isEmpty else { return }
    _ = try? await getEach(urls)
  }
}
