import CatalogKit
import XCTest

/// Both concurrent maps give `map`'s answer, in order, at every size around their slicing edges.
final class ConcurrentMapTests: XCTestCase {
  func testEverySizeGivesMapsAnswerInOrder() {
    for n in [0, 1, 2, 511, 512, 1_023, 1_024, 1_025, 5_000, 100_003] {
      let input = (0..<n).map { "e\($0)" }
      let expected = input.map { $0 + "!" }
      XCTAssertEqual(input.slicedConcurrentMap { $0 + "!" }, expected, "sliced, \(n)")
      if n <= 5_000 { XCTAssertEqual(input.concurrentMap { $0 + "!" }, expected, "per element, \(n)") }
    }
  }
}
