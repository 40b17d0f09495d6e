import BuildSupport
import Foundation
import ShelfmarkTestSupport
import XCTest

/// Every tool's `--help`, pinned whole in `Fixtures/Help/<tool>.txt`, so a change to what people
/// read is a reviewed diff. After a deliberate change, regenerate with
/// `SHELFMARK_UPDATE_GOLDEN=1 swift test --filter HelpScreenTests` and read the diff.
final class HelpScreenTests: XCTestCase {
  /// Every source's tool as declared (`Sources.all`), then the others.
  static let tools = Sources.all.map(\.tool.name) + ["catalog", "site-mirror", "bench"]

  func testEveryToolsHelpMatchesItsPinnedScreen() throws {
    let update = ProcessInfo.processInfo.environment["SHELFMARK_UPDATE_GOLDEN"] == "1"
    for tool in Self.tools {
      let r = try Tool.run(tool, ["--help"])
      XCTAssertEqual(r.status, 0, "\(tool) --help exits 0")
      XCTAssertTrue(r.stdout.hasPrefix("OVERVIEW: "), "\(tool): help opens with OVERVIEW")
      XCTAssertTrue(r.stdout.contains("\nUSAGE: "), "\(tool): help has a USAGE line")
      XCTAssertTrue(r.stderr.isEmpty, "\(tool): help writes nothing to stderr")
      let golden = TestPaths.fixture("Help/\(tool).txt")
      if update {
        try Data(r.stdout.utf8).write(to: golden)
        continue
      }
      let pinned = String(decoding: try Data(contentsOf: golden), as: UTF8.self)
      XCTAssertEqual(r.stdout, pinned, "\(tool): help changed; regenerate Fixtures/Help/\(tool).txt if that is meant")
    }
  }

  func testEveryBuildToolListsTheSharedOptionsAndExitCodes() throws {
    for tool in Self.tools where tool.hasSuffix("-build") {
      let help = try Tool.run(tool, ["--help"]).stdout
      for option in [
        "--no-network", "--cache <dir>", "--mirror <url>", "--only <keys>", "--jobs <n>", "--report <file>",
      ] {
        XCTAssertTrue(help.contains("  " + option), "\(tool): --help lists \(option)")
      }
      XCTAssertTrue(help.contains("EXIT CODES: 0 written or unchanged, 64 usage, 65"), tool)
    }
  }
}
