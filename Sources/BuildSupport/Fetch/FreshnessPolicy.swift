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
///
/// Details, pages and sizes are revisited by evidence (`RevisitSchedule`): each answer is compared
/// with the copy, and the wait before the next check doubles when it is unchanged and falls back to
/// `--max-age` when it changed, bounded by the source's horizon; the evidence lives in the cache's
/// `RevisitLog`. A small sample of copies not yet due is asked anyway each run date, to measure how
/// often a source changes a detail its listing does not show.
public final class FreshnessPolicy: Sendable {
  public let rules: FreshnessRules
  public let mode: RefreshMode
  /// The shortest wait between two checks of a detail or size; 0 re-asks every one.
  public let maxAgeDays: Int
  /// The refresh clock: copies are aged against it and the evidence is stamped with it.
  public let now: Date
  /// The run's date (`--date`), which picks the run's sample.
  public let runDate: String
  /// Where the evidence persists; an in-memory log when the run has none.
  public let log: RevisitLog
  /// Targets (`host/path?query`) linked from lines of a listing that changed in this run.
  private let touched = Mutex<Set<String>>([])
  /// Targets already asked in this run (a "read first" page the walk reaches again is not asked twice).
  private let asked = Mutex<Set<String>>([])
  /// Keys asked in this run only because the sample picked them.
  private let sampled = Mutex<Set<String>>([])

  public init(
    rules: FreshnessRules, mode: RefreshMode, maxAgeDays: Int, now: Date = Date(), runDate: String? = nil,
    log: RevisitLog? = nil
  ) {
    self.rules = rules
    self.mode = mode
    self.maxAgeDays = maxAgeDays
    self.now = now
    self.runDate = runDate ?? FreshnessPolicy.day(now)
    self.log = log ?? RevisitLog(root: nil)
  }

  /// The refresh clock for a run: the moment SOURCE_DATE_EPOCH names when it is set to a usable
  /// value (reproducible builds use it in place of the current time, and `bench weekly` moves it a
  /// week per run to simulate half a year without waiting), else the wall clock.
  public static func clock(environment: [String: String]) -> Date {
    if let raw = environment["SOURCE_DATE_EPOCH"], !raw.isEmpty, raw.allSatisfy({ $0.isASCII && $0.isNumber }),
      let epoch = Int(raw), (0...253_402_300_799).contains(epoch)
    {
      return Date(timeIntervalSince1970: Double(epoch))
    }
    return Date()
  }

  /// Why a cached answer is asked again.
  enum Reason { case listing, rowChanged, aged, sampled, all }

  /// Nil: use the cached copy. Otherwise ask again (conditionally), for this reason.
  func reason(method: HTTPMethod, url: URL, fetched: String) -> Reason? {
    if mode == .all { return .all }
    guard let target = ChangedRows.target(of: url) else { return .listing }
    guard let why = reason(method: method, target: target, fetched: fetched) else { return nil }
    let key = method.rawValue + " " + target
    // Asked once per run: a "read first" page the walk reaches again is served from the fresh copy.
    guard asked.withLock({ $0.insert(key).inserted }) else { return nil }
    if why == .sampled { sampled.withLock { _ = $0.insert(key) } }
    return why
  }

  private func reason(method: HTTPMethod, target: String, fetched: String) -> Reason? {
    let kind = rules.kind(method: method.rawValue, target: target)
    switch kind {
    case .listing: return .listing
    case .tile: return nil
    case .page, .detail, .size:
      if touched.withLock({ $0.contains(target) }) { return .rowChanged }
      if maxAgeDays == 0 { return .aged }
      let key = method.rawValue + " " + target
      guard let (checked, wait) = evidence(key: key, kind: kind, target: target, fetched: fetched) else {
        return .aged
      }
      let age = now.timeIntervalSince(checked)
      if age >= Double(wait) * 86_400 { return .aged }
      if age >= Double(rules.sampleMinimumAgeDays) * 86_400, rules.samples(date: runDate, key: key) {
        return .sampled
      }
      return nil
    }
  }

  /// When the copy was last checked and how many days it waits: from the revisit log, else from
  /// the cached record's fetch time with the wait of a copy that has no evidence yet.
  private func evidence(key: String, kind: FreshnessRule.Kind, target: String, fetched: String) -> (Date, Int)? {
    let first = firstInterval(kind: kind, target: target)
    if let e = log.entry(key) {
      let top = rules.schedule(kind: kind, target: target)?.horizon(maxAgeDays: maxAgeDays) ?? first
      return (Date(timeIntervalSince1970: TimeInterval(e.checked)), min(e.intervalDays ?? first, top))
    }
    guard let when = FreshnessPolicy.date(fetched) else { return nil }
    return (when, first)
  }

  /// The wait of a copy with no evidence yet (see `RevisitSchedule.firstInterval`).
  func firstInterval(kind: FreshnessRule.Kind, target: String) -> Int {
    guard let schedule = rules.schedule(kind: kind, target: target) else { return maxAgeDays }
    return schedule.firstInterval(maxAgeDays: maxAgeDays, spread: RevisitSchedule.spread(target))
  }

  /// True, counted as `keeps` counts it, when the copy is kept; false, with nothing changed or
  /// counted, when `keeps` must decide (a copy to ask again records that it was asked).
  func keptAtOnce(method: HTTPMethod, url: URL, fetched: String, counters: Counters) -> Bool {
    guard mode != .all, let target = ChangedRows.target(of: url),
      reason(method: method, target: target, fetched: fetched) == nil
    else { return false }
    counters.add(.refreshKept)
    return true
  }

  /// Whether the fetcher may answer from the cache without asking; counts the decision.
  func keeps(method: HTTPMethod, url: URL, fetched: String, counters: Counters) -> Bool {
    guard let why = reason(method: method, url: url, fetched: fetched) else {
      counters.add(.refreshKept)
      return true
    }
    counters.add(.refreshRevalidated)
    if why == .rowChanged || why == .aged { counters.add(.refreshReasked) }
    if why == .sampled { counters.add(.refreshSampled) }
    return false
  }

  /// A URL fetched under a refresh with no copy to compare: its evidence starts now. A listing's
  /// (a new year's "what's new" page) links all count as a changed row's.
  func observeNew(url: URL, method: HTTPMethod, new: FetchResponse) {
    guard mode != .off, let target = ChangedRows.target(of: url) else { return }
    remember(method: method, target: target, unchanged: nil)
    guard mode == .policy else { return }
    asked.withLock { _ = $0.insert(method.rawValue + " " + target) }
    guard method == .get, new.isSuccess, rules.kind(method: method.rawValue, target: target) == .listing else { return }
    let links = ChangedRows.targets(old: [], new: new.body, url: url)
    touched.withLock { $0.formUnion(links) }
  }

  /// A 304 for this URL: the copy is confirmed, so its wait grows. Returns whether its record should
  /// be rewritten too (it dates the copy for `catalog cache prune` and for caches without a log):
  /// not for listings, which are asked every run.
  func restartsAge(method: HTTPMethod, url: URL) -> Bool {
    guard let target = ChangedRows.target(of: url) else { return false }
    if mode != .off { remember(method: method, target: target, unchanged: true) }
    return rules.kind(method: method.rawValue, target: target) != .listing
  }

  /// A conditional request came back 200 with a body: when it differs from the copy (for a HEAD,
  /// its status or size), count it, and for a GET remember the links on its new lines so their rows
  /// are re-asked. Either way the answer is evidence for the URL's next wait.
  func observeChange(url: URL, method: HTTPMethod, old: FetchResponse, new: FetchResponse, counters: Counters) {
    let changed =
      old.body != new.body || old.status != new.status
      || (method == .head && old.headers["content-length"] != new.headers["content-length"])
    if mode != .off, let target = ChangedRows.target(of: url) {
      remember(method: method, target: target, unchanged: !changed)
      if changed, sampled.withLock({ $0.contains(method.rawValue + " " + target) }) {
        counters.add(.refreshSampleChanged)
      }
    }
    guard changed else { return }
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

  /// Records an answer in the revisit log: nil for a first answer (no evidence yet), else whether
  /// it matched the copy. Only for URLs on a schedule (listings are asked every run anyway).
  private func remember(method: HTTPMethod, target: String, unchanged: Bool?) {
    let kind = rules.kind(method: method.rawValue, target: target)
    guard let schedule = rules.schedule(kind: kind, target: target) else { return }
    let key = method.rawValue + " " + target
    let checked = Int64(now.timeIntervalSince1970.rounded(.down))
    guard let unchanged else {
      log.record(key, RevisitLog.Entry(checked: checked, intervalDays: nil))
      return
    }
    let previous = log.entry(key)?.intervalDays ?? firstInterval(kind: kind, target: target)
    let wait = schedule.next(after: previous, unchanged: unchanged, maxAgeDays: maxAgeDays)
    log.record(key, RevisitLog.Entry(checked: checked, intervalDays: wait))
  }

  /// When this URL's copy comes due by its evidence in the log (its last check plus its wait); nil
  /// for a URL with no evidence or on no schedule. `bench weekly` checks the horizon with it.
  public func nextCheck(method: HTTPMethod, url: URL) -> Date? {
    guard let target = ChangedRows.target(of: url), let e = log.entry(method.rawValue + " " + target),
      let wait = interval(method: method, url: url)
    else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(e.checked) + Double(wait) * 86_400)
  }

  /// The days this URL's copy waits now (for tests and the bench): its evidence, else the wait of
  /// a copy with none.
  public func interval(method: HTTPMethod, url: URL) -> Int? {
    guard let target = ChangedRows.target(of: url) else { return nil }
    let kind = rules.kind(method: method.rawValue, target: target)
    guard let schedule = rules.schedule(kind: kind, target: target) else { return nil }
    let wait = log.entry(method.rawValue + " " + target)?.intervalDays ?? firstInterval(kind: kind, target: target)
    return min(wait, schedule.horizon(maxAgeDays: maxAgeDays))
  }

  /// `yyyy-mm-dd` of a moment, in UTC.
  static func day(_ d: Date) -> String {
    var t = time_t(d.timeIntervalSince1970.rounded(.down))
    var tm = tm()
    gmtime_r(&t, &tm)
    return String(format: "%04d-%02d-%02d", Int(tm.tm_year) + 1900, Int(tm.tm_mon) + 1, Int(tm.tm_mday))
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
