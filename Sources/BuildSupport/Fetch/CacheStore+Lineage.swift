import CatalogKit
import Foundation

extension CacheStore {
  /// The record the cache holds for a request, without its body: what a lineage line names (status,
  /// fetch time, validators, the body's digest). Nil when there is none.
  public func answerRecord(method: HTTPMethod, url: URL) -> CacheRecord? {
    let key = CacheKey(method: method, url: url)
    if let seen = answered.withLock({ $0[key.digest] }) { return seen }
    if method == .head { return headLog.record(key.digest) }
    guard let bytes = CacheStore.contents(paths(key).record), let record = CacheRecord.read(Data(bytes)),
      record.url == key.normalisedURL
    else { return nil }
    return record
  }
}
