/// Every default number the tools use, in one place, each with its reason.
public enum BuildDefaults {
  /// The shared User-Agent: names the tool and how to reach us, so a small site's admin can write
  /// before blocking us.
  public static let userAgent = "Shelfmark/1.0 (catalogue builder; +https://github.com/shelfmark/shelfmark)"
  /// A desktop browser string for sites whose CDN challenges non-browser clients (Atarimania).
  public static let browserUserAgent =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"
  /// Page crawls: one request a second per host is the common polite default (Scrapy's template).
  public static let pageDelayMS = 1000
  /// Requests in flight per host; volunteer-run servers get one at a time unless a source says more.
  public static let jobs = 1
  /// Highest `--jobs` accepted: archive.org firewalled a client at 50; it tolerates 5.
  public static let maxJobs = 8
  /// A request that has not answered in this time is a transport failure (30 s is proven in the field).
  public static let requestTimeoutSeconds = 30.0
  /// Attempts per request for 429, 5xx and transport errors (the first try included): six, so that
  /// backoff from `backoffBaseSeconds` still covers as long a blip as four from a tenth of a second
  /// did (0.62 s of waiting against 0.7 s), while a burst of one to three errors costs a fifth as much.
  public static let maxAttempts = 6
  /// Backoff before the first retry when the server gives no Retry-After; doubles each time, with
  /// ±25% jitter. A fiftieth of a second: the retry chain of one URL is what the end of a batch
  /// waits for (with a tenth, a three-answer 503 burst held each crawl phase 0.7 s past its last
  /// page, three to six times a fast build's length under 2% of faults), and it is not what keeps
  /// the host from being pressed: every error answer halves what the host's gate lets in flight,
  /// and at one in flight further errors double the pause between its requests (up to 10 s), so a
  /// host that keeps failing is asked ever more slowly whatever one URL's backoff is.
  public static let backoffBaseSeconds = 0.02
  /// The longest backoff between two attempts without a Retry-After.
  public static let backoffCapSeconds = 8.0
  /// The longest Retry-After we wait out; longer asks fail at once rather than sleep.
  public static let retryAfterCapSeconds = 120.0
  /// Consecutive refusals (429, 503 with Retry-After, transport failures) after which a host's breaker opens.
  public static let breakerThreshold = 5
  /// Response body caps per request kind: pages are small; dumps are big.
  public static let pageBodyCap = 32 << 20
  public static let apiBodyCap = 64 << 20
  /// The ZXDB dump zip is about 27 MB; 256 MiB leaves it room to grow ninefold while the zip, its
  /// hash and its load stay under 1 GB of memory (issue 11, item 5).
  public static let fileBodyCap = 256 << 20
  /// The largest size a HEAD may report for one file before it is taken for a lie: the biggest
  /// scans and dumps any source serves are well under 2 GiB, and a server sending
  /// `Content-Length: 9223372036854775807` must not become a size that overflows every sum.
  public static let largestPlausibleFileBytes: Int64 = 4 << 30
  /// A host that has answered nothing but transport failures for this long is given up on (its
  /// breaker opens), even before the count of failures reaches the threshold: time-outs of 30 s
  /// each would otherwise keep a dead host's build going for minutes.
  public static let deadHostSeconds = 60.0
  /// Temporary files in a cache older than this are left over from an interrupted run, whatever
  /// process id they name (ids are reused).
  public static let staleTemporarySeconds = 3600.0
  /// A cache's HEAD log is compacted when a build ends with more than this appended since the last
  /// compaction (about 10,000 answers): reading the tail costs memory in proportion, rewriting the
  /// log costs time in proportion to the whole, so this bounds one and amortises the other.
  public static let headLogTailBytes = 4 << 20
  /// Redirects followed within one host before giving up.
  public static let maxRedirects = 5
  /// Share of the previous catalogue's issues a rebuild may drop before it is refused.
  public static let shrinkLimit = 0.05
  /// `--max-age`: the shortest wait before `--refresh` re-asks a detail or size copy; each unchanged
  /// answer doubles a copy's wait up to its source's horizon (`RevisitSchedule`), a changed one
  /// brings it back to this. A month catches a corrected page soon after it changed.
  public static let maxAgeDays = 30
}
