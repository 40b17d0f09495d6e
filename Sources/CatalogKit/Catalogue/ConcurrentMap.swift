import Dispatch
import Synchronization

extension Array where Element: Sendable {
  /// `map` spread over the machine's cores, results in order. For work per element that is pure and
  /// large (decoding, validating or diffing one catalogue file): `catalog check` and `diff` handle
  /// eighteen files, and one core left the other idle.
  public func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
    guard count > 1 else { return map(transform) }
    let results = Mutex([T?](repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { i in
      let r = transform(self[i])
      results.withLock { $0[i] = r }
    }
    return results.withLock { all in all.compactMap { $0 } }
  }
}
