import CatalogKit
import Foundation

extension CacheStore {
  /// The record the cache holds for a request, without its body: what a lineage line names (status,
  /// fetch time, validators, the body's digest). Nil when there is none.
  public func answerRecord(method: HTTPMethod, url: URL) -> CacheRecord? {
    answerRecord(method: method, address: url.absoluteString) ?? storedRecord(method: method, url: url)
  }

  /// The record this process already read or wrote for `address` (`URL.absoluteString`), without
  /// parsing or normalising it: what a build's lineage asks thousands of times.
  func answerRecord(method: HTTPMethod, address: String) -> CacheRecord? {
    answered.withLock { $0[AnswerKey(method, address)] }
  }

  /// The record on disk (another process's answer: `catalog explain --cache`).
  func storedRecord(method: HTTPMethod, url: URL) -> CacheRecord? {
    let key = CacheKey(method: method, url: url)
    if method == .head { return headLog.record(key.digest) }
    guard let bytes = CacheStore.contents(paths(key).record), let record = CacheRecord.read(Data(bytes)),
      record.url == key.normalisedURL
    else { return nil }
    return record
  }
}

/// A request as the records this process read or wrote are kept by: method and address, hashed as
/// they are rather than joined into one string per lookup.
struct AnswerKey: Hashable, Sendable {
  var method: HTTPMethod
  var address: String

  init(_ method: HTTPMethod, _ address: String) {
    self.method = method
    self.address = address
  }
}
