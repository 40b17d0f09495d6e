import BuildSupport
import Foundation
import XCTest

/// `catalog stats`, run in-process on shipped catalogues.
final class StatsCommandTests: XCTestCase {
  func testARowCountsTheIssuesAndSeries() {
    let r = Captured.run(["stats", Shipped.file("popboks-ritam.json")])
    XCTAssertEqual(r.code, .ok, r.stderr)
    let row = r.stdout.split(separator: "\n").first { $0.hasPrefix("popboks-ritam.json ") }
    XCTAssertEqual(row?.split(separator: " ").prefix(4), ["popboks-ritam.json", "PopBoks", "25", "1"], r.stdout)
  }

  func testJSONTotalsTheFiles() throws {
    let r = Captured.run(["stats", Shipped.file("popboks-ritam.json"), Shipped.file("popboks-dzuboks.json"), "--json"])
    XCTAssertEqual(r.code, .ok, r.stderr)
    let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
    let total = doc?["total"] as? [String: Any]
    XCTAssertEqual(total?["files"] as? Int, 2, r.stdout)
    XCTAssertGreaterThan(total?["records"] as? Int ?? 0, 25, r.stdout)
  }

  func testNoFileIsAUsageError() {
    let r = Captured.run(["stats"])
    XCTAssertEqual(r.code, .usage)
    XCTAssertTrue(r.stderr.hasPrefix("error: name at least one catalogue file or folder.\n"), r.stderr)
  }
}
