/// Transient faults of the kinds volunteer-run servers and their CDNs produce, injected into a share
/// of the mirror's answers, chosen by a seed so a run can be repeated exactly. Each fault is
/// transient: a faulted URL misbehaves on its first request (a 5xx burst on its first one to three),
/// then answers truly, as a retry or the next run would find it.
public struct ChaosPlan: Sendable, Equatable {
  public enum Kind: String, CaseIterable, Sendable {
    /// 503 on one to three requests in a row, no Retry-After.
    case burst5xx = "5xx-burst"
    /// 429 with no Retry-After.
    case tooMany = "429"
    /// 429 with `Retry-After: 1`, which a polite client waits out for the whole host.
    case tooManyRetryAfter = "429-retry-after"
    /// Headers and half the body, then the connection is closed.
    case reset = "reset"
    /// The whole body under a Content-Length that promises 100 bytes more.
    case lyingLength = "lying-length"
    /// Half the body under a Content-Length that matches it: only the page's own shape shows it.
    case halfBody = "half-body"
    /// A pause before the first byte, then the true answer.
    case stall = "stall"
    /// 200 with no body.
    case empty200 = "empty-200"
    /// 200 with an HTML "Service Unavailable" page.
    case errorPage200 = "error-page-200"
    /// A HEAD answered 200 with `Content-Length: 0`.
    case headZero = "head-zero"
    /// A HEAD answered 200 with an error page's type and length.
    case headErrorPage = "head-error-page"

    /// Whether the fault can happen to a request of this method.
    func applies(to method: String) -> Bool {
      switch self {
      case .burst5xx, .tooMany, .tooManyRetryAfter, .stall: true
      case .reset, .lyingLength, .halfBody, .empty200, .errorPage200: method == "GET"
      case .headZero, .headErrorPage: method == "HEAD"
      }
    }
  }

  public var seed: UInt64
  /// The share of URLs (each method apart) that meet a fault, 0…1.
  public var rate: Double
  public var kinds: [Kind]
  /// How long a `stall` waits before the first byte.
  public var stallMilliseconds: Int

  public init(seed: UInt64, rate: Double, kinds: [Kind] = Kind.allCases, stallMilliseconds: Int = 3000) {
    self.seed = seed
    self.rate = min(max(rate, 0), 1)
    self.kinds = kinds
    self.stallMilliseconds = max(0, stallMilliseconds)
  }

  /// The fault the `attempt`-th request (from 1) of `method target` meets, if any.
  public func fault(method: String, target: String, attempt: Int) -> Kind? {
    let h = ChaosPlan.mix(seed, method + " " + target)
    guard Double(h % 1_000_000) < rate * 1_000_000 else { return nil }
    let usable = kinds.filter { $0.applies(to: method) }
    guard !usable.isEmpty else { return nil }
    let kind = usable[Int((h >> 24) % UInt64(usable.count))]
    let times = kind == .burst5xx ? 1 + Int((h >> 48) % 3) : 1
    return attempt <= times ? kind : nil
  }

  /// FNV-1a over the seed and the text, then a finaliser so nearby seeds pick unrelated URLs.
  static func mix(_ seed: UInt64, _ text: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
    for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    h ^= h >> 33
    h = h &* 0xff51_afd7_ed55_8ccd
    h ^= h >> 33
    return h
  }

  /// `SEED:RATE[:KIND,KIND…]`, as `site-mirror --chaos` takes it; nil when it does not read.
  public init?(spec: String) {
    let parts = spec.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3, let seed = UInt64(parts[0]), let rate = Double(parts[1]),
      rate.isFinite, rate >= 0, rate <= 1
    else { return nil }
    var kinds = Kind.allCases
    if parts.count == 3 {
      let named = parts[2].split(separator: ",").map { Kind(rawValue: String($0)) }
      guard !named.isEmpty, named.allSatisfy({ $0 != nil }) else { return nil }
      kinds = named.compactMap { $0 }
    }
    self.init(seed: seed, rate: rate, kinds: kinds)
  }
}
