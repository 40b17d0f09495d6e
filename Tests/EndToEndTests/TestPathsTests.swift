import Foundation
import ShelfmarkTestSupport
import XCTest

/// Where the real-page tests look for the shared folder (README "Tests and benchmarks").
final class TestPathsTests: XCTestCase {
  func testTheSharedFolderIsBesideThePackageUnlessTheVariableNamesOne() {
    let beside = TestPaths.packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    XCTAssertEqual(TestPaths.sharedCandidate(environment: [:]).path, beside.path)
    XCTAssertEqual(TestPaths.sharedCandidate(environment: ["SHELFMARK_SHARED": ""]).path, beside.path)
    XCTAssertEqual(
      TestPaths.sharedCandidate(environment: ["SHELFMARK_SHARED": "/data/shelfmark-shared"]).path,
      "/data/shelfmark-shared")
    XCTAssertEqual(
      TestPaths.sharedCandidate(environment: ["SHELFMARK_SHARED": "../elsewhere"]).path,
      TestPaths.packageRoot.deletingLastPathComponent().appendingPathComponent("elsewhere").path)
  }
}
