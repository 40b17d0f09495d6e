import Foundation
import XCTest

@testable import CatalogKit

final class BombJackSiteWalkTests: XCTestCase {
  func u(_ s: String) -> URL { URL(string: "https://commodore.bombjack.org" + s)! }
  /// A link as a page gives it: its address.
  func l(_ s: String) -> String { "https://commodore.bombjack.org" + s }

  func testBatchesVisitPagesInBreadthFirstOrderAndEachPageOnce() {
    var walk = BombJackSiteWalk(start: [u("/")], maxPages: 100)
    XCTAssertEqual(walk.next(10), [u("/")])
    walk.add([l("/a/"), l("/b/"), l("/a/")])
    let level1 = walk.next(10)
    XCTAssertEqual(level1, [u("/a/"), u("/b/")])
    walk.add([l("/a/1.htm"), l("/")])
    walk.add([l("/b/1.htm"), l("/a/1.htm")])
    XCTAssertEqual(walk.next(1), [u("/a/1.htm")])
    XCTAssertEqual(walk.next(10), [u("/b/1.htm")])
    XCTAssertEqual(walk.next(10), [])
    XCTAssertFalse(walk.isCapped)
  }

  func testThePageCapStopsTheWalkAndCountsWhatWasLeft() {
    var walk = BombJackSiteWalk(start: [u("/")], maxPages: 2)
    _ = walk.next(5)
    walk.add([l("/a/"), l("/b/"), l("/c/")])
    XCTAssertEqual(walk.next(5), [u("/a/")])
    XCTAssertEqual(walk.next(5), [])
    XCTAssertTrue(walk.isCapped)
    XCTAssertEqual(walk.leftOver, 2)
    XCTAssertEqual(walk.taken, 2)
  }

  func testASubsetWalkStaysBelowTheFoldersOfItsStartPages() {
    var walk = BombJackSiteWalk(start: [u("/commodore/magazines/ahoy/ahoy.htm")], maxPages: 100, scoped: true)
    _ = walk.next(5)
    walk.add([l("/commodore/magazines-disk.htm"), l("/commodore/magazines/ahoy/more/"), l("/")])
    XCTAssertEqual(walk.next(5), [u("/commodore/magazines/ahoy/more/")])
  }
}
