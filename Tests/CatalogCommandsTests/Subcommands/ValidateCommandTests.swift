import BuildSupport
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `catalog validate`, run in-process on shipped catalogues and on broken copies.
final class ValidateCommandTests: XCTestCase {
  private var temp: URL!

  override func setUpWithError() throws { temp = try Tool.temporaryDirectory("validate-cmd") }
  override func tearDown() { try? FileManager.default.removeItem(at: temp) }

  func testAShippedCatalogueValidatesAndItsRowSaysOk() {
    let file = Shipped.file("popboks-ritam.json")
    let r = Captured.run(["validate", file])
    XCTAssertEqual(r.code, .ok, r.stderr)
    XCTAssertEqual(r.stderr, "")
    XCTAssertEqual(r.stdout.split(separator: "\n").last.map(String.init), "\(file)  PopBoks       25  ok")
  }

  func testAFileThatIsNotACatalogueFailsNamingIt() throws {
    let bad = temp.appendingPathComponent("broken.json")
    try Data("{\"issues\": [".utf8).write(to: bad)
    let r = Captured.run(["validate", bad.path])
    XCTAssertNotEqual(r.code, .ok)
    XCTAssertTrue(r.stderr.contains("error: \(bad.path)"), r.stderr)
  }

  func testAnUnknownNumberingRuleIsAUsageErrorNamingTheRules() {
    let r = Captured.run(["validate", Shipped.file("popboks-ritam.json"), "--numbering", "odd"])
    XCTAssertEqual(r.code, .usage)
    XCTAssertEqual(r.stdout, "")
    XCTAssertEqual(
      r.stderr,
      """
      error: --numbering takes strict or gaps, not 'odd'.
      USAGE: catalog validate <file> ... [--numbering <rule>] [--strict] [--json]
        See 'catalog validate --help'.

      """)
  }

  func testJSONCountsTheFilesAndErrors() throws {
    let r = Captured.run(["validate", Shipped.file("popboks-ritam.json"), "--json"])
    XCTAssertEqual(r.code, .ok, r.stderr)
    let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
    XCTAssertEqual(doc?["errors"] as? Int, 0, r.stdout)
    XCTAssertEqual((doc?["files"] as? [Any])?.count, 1, r.stdout)
  }
}

/// The catalogues the project ships, in `catalogs/`.
enum Shipped {
  static let folder = TestPaths.packageRoot.appendingPathComponent("catalogs")
  static func file(_ name: String) -> String { folder.appendingPathComponent(name).path }
}
