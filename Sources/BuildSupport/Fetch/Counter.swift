import Foundation
import Synchronization

/// The outcome counters every fetch updates (slash keys, as in a build report).
public enum Counter: String, CaseIterable, Sendable, Codable {
  /// Served from the cache without a request.
  case hit = "fetch/hit"
  /// Not in the cache (a request follows, or under --no-network an error).
  case miss = "fetch/miss"
  /// Requests actually sent over the network (retries included).
  case requests = "fetch/requests"
  /// Answers written to the cache.
  case stored = "fetch/stored"
  /// Negative answers (403, 404, 410) stored as answers.
  case negative = "fetch/negative"
  /// Cached entries confirmed unchanged by a conditional request (304).
  case revalidated = "fetch/revalidated"
  /// Attempts repeated after a 429, a 5xx or a transport error.
  case retried = "fetch/retried"
  /// Refusals: 429, or 503 with Retry-After.
  case refused = "fetch/refused"
  /// Requests that failed for good.
  case failed = "fetch/failed"
  /// Cached copies served because `--refresh` could not reach the server.
  case stale = "fetch/stale"
  /// Misses under --no-network.
  case notCached = "fetch/not-cached"
  /// Cached entries found damaged (body not matching its SHA-256, record under another URL's name):
  /// fetched again, or under --no-network an error.
  case corrupt = "fetch/corrupt"
  /// 2xx answers that failed their check (a page cut short or not the page, an error page's length
  /// as a size): asked again, never stored.
  case rejected = "fetch/rejected"
  /// Cached answers that failed their check, or that a parser of the build rejected: removed from
  /// the cache so the next run asks again.
  case dropped = "fetch/dropped"
  /// Under --refresh: cached answers asked again with a conditional request (listings, changed rows,
  /// copies due by their revisit interval, the sample; everything under --refresh=all).
  case refreshRevalidated = "refresh/revalidated"
  /// Under --refresh: conditional requests answered 304 (nothing sent, nothing rewritten).
  case refreshNotModified = "refresh/not-modified"
  /// Under --refresh: conditional requests that brought a different answer.
  case refreshChanged = "refresh/changed"
  /// Under --refresh: details, sizes and pages asked again because their row changed or their
  /// revisit interval passed.
  case refreshReasked = "refresh/re-asked"
  /// Under --refresh: details, sizes and pages not yet due, asked again because this run date's
  /// sample picked them.
  case refreshSampled = "refresh/sampled"
  /// Of the sampled copies, those whose answer changed although nothing had marked them: changes a
  /// source made behind an unchanged listing.
  case refreshSampleChanged = "refresh/sample-changed"
  /// Under --refresh: cached answers the freshness rules kept without asking.
  case refreshKept = "refresh/kept"
}

/// Thread-safe tallies of `Counter`s.
public final class Counters: Sendable {
  private let values = Mutex([Counter: Int]())

  public init() {}

  /// Adds `n`; a tally that would overflow stays at its largest value.
  public func add(_ c: Counter, _ n: Int = 1) {
    values.withLock { v in
      let (sum, overflow) = v[c, default: 0].addingReportingOverflow(n)
      v[c] = overflow ? Int.max : sum
    }
  }

  public subscript(_ c: Counter) -> Int { values.withLock { $0[c] ?? 0 } }

  /// All counters by key, zeros included, for reports.
  public var snapshot: [String: Int] {
    values.withLock { v in
      var out: [String: Int] = [:]
      for c in Counter.allCases { out[c.rawValue] = v[c] ?? 0 }
      return out
    }
  }
}
