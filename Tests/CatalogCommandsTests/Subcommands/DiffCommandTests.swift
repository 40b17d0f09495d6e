import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `catalog diff`, run in-process: exit codes as diff(1) has them, and the checks on its options.
final class DiffCommandTests: XCTestCase {
  private var temp: URL!
  private var old: String { Shipped.file("retrospec-catalog.json") }
  /// The shipped RetroSpec catalogue with its first ten issues gone.
  private var shorter: String { temp.appendingPathComponent("retrospec-catalog.json").path }

  override func setUpWithError() throws {
    temp = try Tool.temporaryDirectory("diff-cmd")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: old)))
    guard case .issue(var c) = try CatalogueFile.decode(bytes, file: "retrospec-catalog.json") else {
      return XCTFail("the shipped RetroSpec catalogue is not an issue catalogue")
    }
    c.issues.removeFirst(10)
    try Data(try CatalogueEncoder.encode(c)).write(to: URL(fileURLWithPath: shorter))
  }

  override func tearDown() { try? FileManager.default.removeItem(at: temp) }

  func testACatalogueAgainstItselfHasNoDifferences() {
    let r = Captured.run(["diff", old, old])
    XCTAssertEqual(r.code, .ok, r.stderr)
    XCTAssertTrue(r.stdout.hasSuffix("\nno differences\n"), r.stdout)
  }

  func testRemovedRecordsExitOneAndAreCounted() {
    let r = Captured.run(["diff", old, shorter, "--stat"])
    XCTAssertEqual(r.code, .different, r.stderr)
    XCTAssertTrue(r.stdout.contains("all issues      0       10        0"), r.stdout)
  }

  func testMoreRemovedThanTheLimitIsTroubleNamingTheShare() {
    let r = Captured.run(["diff", old, shorter, "--stat", "--max-removed", "1%"])
    XCTAssertEqual(r.code, .trouble)
    XCTAssertTrue(
      r.stderr.contains("10 of 653 records of \(old) are gone (1.5%), more than --max-removed 1%"), r.stderr)
    XCTAssertEqual(Captured.run(["diff", old, shorter, "--stat", "--max-removed", "2"]).code, .different)
  }

  func testALimitOutsideZeroToAHundredIsAUsageError() {
    for bad in ["101", "-1", "x%", "nan"] {
      let r = Captured.run(["diff", old, shorter, "--max-removed", bad])
      XCTAssertEqual(r.code, .usage, bad)
      XCTAssertTrue(
        r.stderr.hasPrefix("error: --max-removed takes a percentage from 0 to 100, not '\(bad)'.\n"), r.stderr)
    }
  }

  func testTwoFormatsAtOnceAreAUsageError() {
    let r = Captured.run(["diff", old, shorter, "--json", "--stat"])
    XCTAssertEqual(r.code, .usage)
    XCTAssertTrue(r.stderr.hasPrefix("error: choose one of --json, --stat, not both.\n"), r.stderr)
  }

  func testAnUnknownIgnoredFieldIsAnsweredWithTheNearestField() {
    let r = Captured.run(["diff", old, shorter, "--ignore", "titel"])
    XCTAssertEqual(r.code, .usage)
    XCTAssertTrue(
      r.stderr.hasPrefix("error: --ignore: no catalogue has a field 'titel'. Did you mean 'title'?"), r.stderr)
  }

  func testAMissingSideIsTroubleNamedAsTyped() {
    let r = Captured.run(["diff", old, "nowhere.json"])
    XCTAssertEqual(r.code, .trouble)
    XCTAssertEqual(r.stderr, "error: nowhere.json: no such file or folder\n")
  }
}
