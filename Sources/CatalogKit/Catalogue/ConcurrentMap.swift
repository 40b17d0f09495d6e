import Dispatch
import Foundation
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

extension Array where Element: Sendable {
  /// `map` in a few contiguous slices spread over the cores, results in order. For cheap, pure work
  /// over thousands of elements (an address taken apart per file of a BombJack walk), where a
  /// task and a lock per element would cost more than the element's work. A slice holds at least
  /// `minimumSlice` elements.
  public func slicedConcurrentMap<T: Sendable>(minimumSlice: Int = 512, _ transform: @Sendable (Element) -> T) -> [T] {
    let slices = Swift.min(count / Swift.max(1, minimumSlice), ProcessInfo.processInfo.activeProcessorCount * 4)
    guard slices > 1 else { return map(transform) }
    let parts = Mutex([[T]](repeating: [], count: slices))
    DispatchQueue.concurrentPerform(iterations: slices) { s in
      let part = self[s * count / slices..<(s + 1) * count / slices].map(transform)
      parts.withLock { $0[s] = part }
    }
    return parts.withLock { $0.flatMap { $0 } }
  }
}
