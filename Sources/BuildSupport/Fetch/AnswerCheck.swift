import CatalogKit

/// What a 2xx answer must show before it counts, is handed to a parser, or is kept in the cache: a
/// page's shape, a JSON object, a size that looks like a file. Declared by each source beside its
/// parser; the fetcher applies it to every answer, fresh or cached, so an answer that failed its
/// checks is asked again (and, failing every time, is an error naming the URL), never kept as good.
public struct AnswerCheck: Sendable {
  /// Why the answer is not what was asked for, or nil when it is. Only 2xx answers are checked: a
  /// 404 is an answer about the URL, not a page of it.
  public let refusal: @Sendable (FetchResponse) -> String?
  /// What the check is, as text that changes whenever what it refuses does; nil for a check that
  /// has no such name (a closure). A parse kept under a check is keyed by it (`ParseCache.kept`).
  public let identity: String?

  public init(identity: String? = nil, _ refusal: @escaping @Sendable (FetchResponse) -> String?) {
    self.identity = identity
    self.refusal = refusal
  }

  /// A page: its body must have the declared shape.
  public static func page(_ shape: PageShape) -> AnswerCheck {
    AnswerCheck(identity: "page " + shape.signature) { r in r.method == .get ? shape.refusal(r.body)?.description : nil
    }
  }

  /// A page whose parser declares its own test of the bytes (Atarimania lets a challenge through).
  public static func body(_ refusal: @escaping @Sendable ([UInt8]) -> PageRefusal?) -> AnswerCheck {
    AnswerCheck { r in r.method == .get ? refusal(r.body)?.description : nil }
  }

  /// A JSON API answer: one whole object.
  public static func json(_ shape: JSONShape) -> AnswerCheck {
    AnswerCheck { r in r.method == .get ? shape.refusal(r.body)?.description : nil }
  }

  /// A size probe: a HEAD whose type and length look like the file's, not an error page's.
  public static func size(_ rule: SizeRule) -> AnswerCheck {
    AnswerCheck { r in
      guard r.method == .head, r.status == 200 else { return nil }
      return rule.refusal(contentType: r.headers["content-type"], length: r.contentLength)
    }
  }

  func verdict(_ r: FetchResponse) -> String? {
    r.isSuccess ? refusal(r) : nil
  }
}

/// ETag and Last-Modified are data a server hands us to hand back: one over a sane length or with a
/// control character would come back as a request header (a 100 KB `If-None-Match` draws a 431 on
/// every later refresh; a CR splits the header). Such a value is neither stored nor sent.
enum Validators {
  /// Longer than any real validator: ETags are hashes or version stamps, dates are 29 characters.
  static let longest = 1024

  static func usable(_ value: String) -> Bool {
    let bytes = value.utf8
    guard !bytes.isEmpty, bytes.count <= longest else { return false }
    return bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }

  /// The headers with any unusable validator left out.
  static func sanitised(_ headers: [String: String]) -> [String: String] {
    var out = headers
    for name in ["etag", "last-modified"] {
      if let v = out[name], !usable(v) { out[name] = nil }
    }
    return out
  }
}
