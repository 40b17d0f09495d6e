import BuildSupport
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `catalog check`, run in-process on the shipped folder and on folders made here.
final class CheckCommandTests: XCTestCase {
  private var temp: URL!

  override func setUpWithError() throws { temp = try Tool.temporaryDirectory("check-cmd") }
  override func tearDown() { try? FileManager.default.removeItem(at: temp) }

  func testTheShippedFolderPassesEveryRule() {
    let r = Captured.run(["check", Shipped.folder.path])
    XCTAssertEqual(r.code, .ok, r.stderr)
    XCTAssertTrue(
      r.stdout.hasPrefix("18 catalogues in \(Shipped.folder.path): 18 pass, 0 fail; folder rules: ok\n"), r.stdout)
  }

  func testAFolderMissingShippedCataloguesFailsUnlessOnlyThosePresentAreExpected() throws {
    try FileManager.default.copyItem(
      at: Shipped.folder.appendingPathComponent("popboks-ritam.json"),
      to: temp.appendingPathComponent("popboks-ritam.json"))
    let all = Captured.run(["check", temp.path])
    XCTAssertEqual(all.code, .invalid, all.stdout + all.stderr)
    let present = Captured.run(["check", temp.path, "--expect", "present"])
    XCTAssertEqual(present.code, .ok, present.stdout + present.stderr)
    XCTAssertTrue(
      present.stdout.hasPrefix("1 catalogue in \(temp.path): 1 pass, 0 fail; folder rules: ok"), present.stdout)
  }

  func testAnUnknownExpectationIsAUsageError() {
    let r = Captured.run(["check", temp.path, "--expect", "some"])
    XCTAssertEqual(r.code, .usage)
    XCTAssertTrue(r.stderr.hasPrefix("error: --expect takes all or present, not 'some'.\n"), r.stderr)
  }
}
