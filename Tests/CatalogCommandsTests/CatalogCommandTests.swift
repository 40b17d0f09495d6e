import BuildSupport
import CatalogCommands
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `catalog` itself, in-process: finding the subcommand, help, and the refusals before any run.
final class CatalogCommandTests: XCTestCase {
  func testNoSubcommandIsAUsageErrorOnStderr() {
    let r = Captured.run([])
    XCTAssertEqual(r.code, .usage)
    XCTAssertEqual(r.stdout, "")
    XCTAssertEqual(
      r.stderr,
      "error: name a subcommand.\nUSAGE: catalog <subcommand> [<arguments>] [<options>]\n  See 'catalog --help'.\n")
  }

  func testAMisspeltSubcommandIsAnsweredWithTheNearestName() {
    let r = Captured.run(["stast"])
    XCTAssertEqual(r.code, .usage)
    XCTAssertTrue(r.stderr.hasPrefix("error: unknown subcommand 'stast'; did you mean 'stats'?\n"), r.stderr)
  }

  func testTheOverviewIsThePinnedScreen() throws {
    let r = Captured.run(["--help"])
    XCTAssertEqual(r.code, .ok)
    XCTAssertEqual(r.stdout, try String(contentsOf: TestPaths.fixture("Help/catalog.txt"), encoding: .utf8))
  }

  /// Each subcommand's screen, pinned whole: `catalog help <name>` and `catalog <name> --help` agree.
  func testEverySubcommandsHelpIsItsPinnedScreen() throws {
    let update = ProcessInfo.processInfo.environment["SHELFMARK_UPDATE_GOLDEN"] == "1"
    for name in CatalogCommand.subcommandNames {
      let golden = TestPaths.fixture("Help/catalog-\(name).txt")
      let r = Captured.run(["help", name])
      XCTAssertEqual(r.code, .ok, name)
      XCTAssertEqual(r.stderr, "", name)
      if update {
        try Data(r.stdout.utf8).write(to: golden)
        continue
      }
      let pinned = try String(contentsOf: golden, encoding: .utf8)
      XCTAssertEqual(r.stdout, pinned, "catalog help \(name) changed; regenerate Fixtures/Help/catalog-\(name).txt")
      XCTAssertEqual(Captured.run([name, "--help"]).stdout, pinned, name)
    }
  }

  func testJSONOnASubcommandWithoutItSaysWhereTheNumbersAre() {
    let r = Captured.run(["report", "build.json", "--json"])
    XCTAssertEqual(r.code, .usage)
    XCTAssertTrue(
      r.stderr.hasPrefix(
        "error: report has no --json: it writes an HTML page; the numbers it draws are in the build report"),
      r.stderr)
  }

  func testTheVersionLineNamesTheTool() {
    let r = Captured.run(["--version"])
    XCTAssertEqual(r.code, .ok)
    XCTAssertTrue(r.stdout.hasPrefix("catalog "), r.stdout)
  }
}
