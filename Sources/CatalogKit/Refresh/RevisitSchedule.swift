/// How long a refresh leaves a detail, page or size copy alone before it asks again, from the
/// evidence of the answers that copy got: every unchanged answer (a 304, or the same body) doubles
/// the wait, a changed answer brings it back to `--max-age`, and no wait is ever longer than the
/// horizon, so every copy is asked again within it whatever it answered.
///
/// Why doubling: a page that has not changed in n checks is unlikely to change before the next;
/// the scanned archives we read add issues (which their listings show every week) far more often
/// than they edit a page behind an unchanged listing (the weekly sample measures how often).
public struct RevisitSchedule: Sendable, Equatable {
  /// The longest wait between two checks of one copy.
  public var horizonDays: Int
  /// The earliest a copy with no evidence yet (a cold crawl's) is asked again; nil: `--max-age`.
  public var earliestFirstDays: Int?

  public init(horizonDays: Int, earliestFirstDays: Int? = nil) {
    self.horizonDays = horizonDays
    self.earliestFirstDays = earliestFirstDays
  }

  /// Detail pages, BombJack's pages, sizes of files that may be replaced: within 26 weeks, so a
  /// change only a detail shows reaches the catalogue within half a year of weekly runs.
  public static let details = RevisitSchedule(horizonDays: 182)
  /// Sizes of immutable-looking files (a scan's PDF or zip is published once and replaced rarely):
  /// once a year, and not before half a year for a copy with no evidence yet.
  public static let immutableFiles = RevisitSchedule(horizonDays: 365, earliestFirstDays: 182)

  /// The horizon under `--max-age`: a `--max-age` longer than the horizon is the user's to ask for.
  public func horizon(maxAgeDays: Int) -> Int { max(horizonDays, maxAgeDays) }

  /// The wait of a copy with no evidence yet: somewhere between its earliest first check and the
  /// horizon, fixed per URL by `spread` (0 ≤ spread < 1), so the copies of one cold crawl come due
  /// over many weekly runs instead of in a few.
  public func firstInterval(maxAgeDays: Int, spread: Double) -> Int {
    let top = horizon(maxAgeDays: maxAgeDays)
    let low = min(top, max(maxAgeDays, earliestFirstDays ?? maxAgeDays))
    let s = spread.isFinite ? min(max(spread, 0), 1) : 0
    return min(top, low + Int(Double(top - low) * s))
  }

  /// The wait after an answer: doubled (and at least `--max-age`) when it was unchanged, `--max-age`
  /// when it changed; never past the horizon.
  public func next(after previous: Int, unchanged: Bool, maxAgeDays: Int) -> Int {
    let top = horizon(maxAgeDays: maxAgeDays)
    guard unchanged else { return min(top, max(0, maxAgeDays)) }
    let (doubled, overflow) = max(0, previous).multipliedReportingOverflow(by: 2)
    return min(top, max(maxAgeDays, overflow ? top : doubled))
  }

  /// A number in [0, 1) fixed by a string (a URL, or a date and a URL): FNV-1a with a final mix, so
  /// neighbouring URLs (`…/1`, `…/2`) land far apart. Not for security: only to spread and sample.
  public static func spread(_ s: String) -> Double {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in s.utf8 {
      h ^= UInt64(b)
      h = h &* 0x0000_0100_0000_01b3
    }
    // splitmix64's finaliser: FNV's low bits alone are poorly mixed for short keys.
    h ^= h >> 30
    h = h &* 0xbf58_476d_1ce4_e5b9
    h ^= h >> 27
    h = h &* 0x94d0_49bb_1331_11eb
    h ^= h >> 31
    return Double(h >> 11) / 9_007_199_254_740_992
  }
}
