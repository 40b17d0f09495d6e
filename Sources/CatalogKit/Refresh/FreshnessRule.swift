import Foundation

/// How a refresh treats one class of a source's URLs, declared as data beside the source's parsers
/// (requests-cache's per-pattern expiry, Scrapy's RFC 9111 policy, in our words).
public struct FreshnessRule: Sendable, Equatable {
  public enum Kind: String, Sendable, CaseIterable {
    /// Index, section, title and folder pages, the PopBoks scripts, the ZXDB dump, "what's new" pages:
    /// revalidated with a conditional request on every refresh (a 304 costs the server almost nothing).
    case listing
    /// A listing the walk reaches but that changes rarely (BombJack's 20,000 pages): revalidated only
    /// when a page that changed links to it from a changed line, or once its revisit interval has
    /// passed (see `RevisitSchedule`).
    case page
    /// Metadata and reader pages, archive.org item metadata: re-asked only for an item whose listing
    /// row changed, or once its revisit interval has passed. A new item is never cached, so it is asked.
    case detail
    /// Size answers (HEAD): as details; an immutable-looking file's (PDF, zip) on a longer schedule.
    case size
    /// Tile probes (PopBoks grids): never re-asked once answered, unless `--refresh=all`.
    case tile
  }

  public var kind: Kind
  /// `GET` or `HEAD`; nil matches both.
  public var method: String?
  /// `host/path?query` with `*` standing for any run of characters (host lowercased).
  public var pattern: String

  public init(_ kind: Kind, _ pattern: String, method: String? = nil) {
    self.kind = kind
    self.pattern = pattern
    self.method = method
  }

  public func matches(method m: String, target: String) -> Bool {
    if let method, method != m { return false }
    return FreshnessRule.glob(Array(pattern.utf8), Array(target.utf8))
  }

  /// `*` matches any run (also empty); everything else matches itself. Iterative with one
  /// backtrack point, so a hostile URL cannot make it exponential.
  static func glob(_ p: [UInt8], _ s: [UInt8]) -> Bool {
    var i = 0
    var j = 0
    var star = -1
    var mark = 0
    while j < s.count {
      if i < p.count, p[i] != UInt8(ascii: "*"), p[i] == s[j] {
        i += 1
        j += 1
      } else if i < p.count, p[i] == UInt8(ascii: "*") {
        star = i
        mark = j
        i += 1
      } else if star >= 0 {
        i = star + 1
        mark += 1
        j = mark
      } else {
        return false
      }
    }
    while i < p.count, p[i] == UInt8(ascii: "*") { i += 1 }
    return i == p.count
  }
}

/// A source's rules, first match wins. A URL no rule names is a listing when fetched with GET and a
/// size answer with HEAD: revalidating is the safe default.
public struct FreshnessRules: Sendable {
  public var rules: [FreshnessRule]
  /// URLs a refresh revalidates before the build starts (a site's "what's new" pages), so what they
  /// point at is known before the walk reaches it. `{year}` and `{previous-year}` come from the build's
  /// date.
  public var readFirst: [String]

  /// How long details and pages (and sizes of files that do not look immutable) wait between checks.
  public var details: RevisitSchedule
  /// How long sizes of immutable-looking files wait between checks.
  public var immutableFiles: RevisitSchedule
  /// Path endings (lowercased, before any query) of files whose size is taken to be immutable.
  public var immutableSuffixes: [String]
  /// The share of not-yet-due details, pages and sizes a refresh asks again anyway, picked afresh
  /// each run date: what they answer measures how often the source changes a detail behind an
  /// unchanged listing (`refresh/sample-changed` of `refresh/sampled`), the number the horizons
  /// rest on. One in 1,000 costs BombJack about 38 requests (under a minute) a week and over 26
  /// weeks samples some 1,000 copies, enough to see a rate of a few per thousand; it leaves
  /// Atarimania, whose 300 title pages alone are 4.8% of its cold crawl, inside 5% a week.
  public var sampleShare: Double
  /// A copy checked less than this long ago is never sampled: it had no time to change.
  public var sampleMinimumAgeDays: Int

  public init(
    _ rules: [FreshnessRule], readFirst: [String] = [], details: RevisitSchedule = .details,
    immutableFiles: RevisitSchedule = .immutableFiles, immutableSuffixes: [String] = [".pdf", ".zip"],
    sampleShare: Double = 0.001, sampleMinimumAgeDays: Int = 7
  ) {
    self.rules = rules
    self.readFirst = readFirst
    self.details = details
    self.immutableFiles = immutableFiles
    self.immutableSuffixes = immutableSuffixes
    self.sampleShare = sampleShare
    self.sampleMinimumAgeDays = sampleMinimumAgeDays
  }

  /// The schedule a URL of this kind is revisited on (listings and tiles have none: they are asked
  /// every run, or never).
  public func schedule(kind: FreshnessRule.Kind, target: String) -> RevisitSchedule? {
    switch kind {
    case .listing, .tile: return nil
    case .page, .detail: return details
    case .size: return looksImmutable(target) ? immutableFiles : details
    }
  }

  /// Whether a target's path ends like a file that is published once (`.pdf`, `.zip`).
  public func looksImmutable(_ target: String) -> Bool {
    // An ASCII target (every URL's is) and ASCII suffixes compare on bytes: asked for each of a
    // refresh's 18,000 kept sizes, lowercasing each target was most of the freshness decision.
    let t = target.utf8
    if ASCIIText.isASCII(target), immutableSuffixes.allSatisfy(ASCIIText.isASCII) {
      let end = t.firstIndex(of: 0x3F) ?? t.endIndex
      let path = t[..<end]
      return immutableSuffixes.contains { suffix in
        let s = suffix.utf8
        guard s.count <= path.count else { return false }
        return zip(path.suffix(s.count), s).allSatisfy { TextBytes.lower($0) == $1 }
      }
    }
    let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    let lower = path.lowercased()
    return immutableSuffixes.contains { lower.hasSuffix($0) }
  }

  /// Whether this run, dated `date`, samples the copy named `key` (`GET host/path?query`).
  public func samples(date: String, key: String) -> Bool {
    sampleShare > 0 && RevisitSchedule.spread(date + " " + key) < sampleShare
  }

  /// `readFirst` for a build dated `date` (`2026-12-01`).
  public func readFirstURLs(date: String) -> [String] {
    guard let year = Int(date.prefix(4)) else { return [] }
    return readFirst.map {
      $0.replacingOccurrences(of: "{year}", with: String(year))
        .replacingOccurrences(of: "{previous-year}", with: String(year - 1))
    }
  }

  public func kind(method: String, target: String) -> FreshnessRule.Kind {
    if let r = rules.first(where: { $0.matches(method: method, target: target) }) { return r.kind }
    return method == "HEAD" ? .size : .listing
  }
}
