import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `catalog demo`, the README's first command: the bundled sample sites on a loopback mirror, every
/// catalogue built, rebuilt with --no-network, diffed.
final class DemoCommandTests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws {
    dir = try Tool.temporaryDirectory("catalog-demo")
  }

  override func tearDownWithError() throws {
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  /// The sources the demo says it covers: the indented lines between its heading and "Working folder".
  static func coveredSources(_ stdout: String) -> [String] {
    let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let end = lines.firstIndex(where: { $0.hasPrefix("Working folder: ") }) else { return [] }
    return lines[..<end].filter { $0.hasPrefix("  ") && !$0.hasPrefix("  not in the demo yet") }
      .compactMap { $0.split(separator: " ").first.map(String.init) }
  }

  func testTheDemoWritesEveryCatalogueAndTheOfflineRebuildMakesNoRequest() throws {
    let r = try Tool.run("catalog", ["demo", "--out", dir.path, "--date", "2026-11-30", "--quiet"])
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    let sources = Self.coveredSources(r.stdout)
    XCTAssertEqual(
      sources, ["retrospec", "archive", "bombjack", "atarimania", "vintageapple", "popboks", "spectrum", "stripovi"],
      r.stdout)
    let catalogs = dir.appendingPathComponent("catalogs")
    var files: [String] = []
    for source in sources {
      let expected = Sources.catalogues.files(ofSource: source).map(\.file)
      XCTAssertFalse(expected.isEmpty, source)
      files += expected
    }
    for file in files {
      let data = try Data(contentsOf: catalogs.appendingPathComponent(file))
      let c = try CatalogueFile.decode([UInt8](data), file: file)
      XCTAssertGreaterThan(c.recordCount, 0, file)
      XCTAssertEqual(c.generated, "2026-11-30", file)
      XCTAssertEqual(
        data, try Data(contentsOf: dir.appendingPathComponent("first-run/" + file)),
        "\(file): the rebuild left it as it was")
    }
    XCTAssertEqual(Set(files), Set(Sources.catalogues.files.map(\.file)), "all 18 catalogues")
    XCTAssertTrue(
      r.stdout.contains("\(files.count) catalogues: \(files.count) written, 0 unchanged, 0 refused, 0 failed"), r.stdout
    )
    XCTAssertTrue(
      r.stdout.contains(
        "\(files.count) catalogues: 0 written, \(files.count) unchanged, 0 refused, 0 failed; the mirror answered 0 requests"
      ),
      r.stdout)
    XCTAssertTrue(r.stdout.contains("  no differences in \(files.count) catalogues"), r.stdout)
    XCTAssertTrue(r.stdout.contains("  catalogues     \(catalogs.path)"), r.stdout)
    XCTAssertEqual(r.stderr, "", "--quiet prints nothing else when all goes well")

    let check = try Tool.run("catalog", ["check", catalogs.path])
    XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    try assertTheNextLinesRunAsPrinted(r.stdout)
  }

  /// The demo's closing "Next" lines are for copying: each must run, as printed, in a shell.
  private func assertTheNextLinesRunAsPrinted(_ stdout: String) throws {
    let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try XCTUnwrap(lines.firstIndex(of: "Next, each line as it runs here:"), stdout)
    let commands = lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { $0.dropFirst(2) }
    XCTAssertEqual(commands.count, 4, stdout)
    for command in commands {
      let sh = Process()
      sh.executableURL = URL(fileURLWithPath: "/bin/sh")
      sh.arguments = ["-c", String(command) + " >/dev/null"]
      sh.currentDirectoryURL = dir
      try sh.run()
      sh.waitUntilExit()
      XCTAssertEqual(sh.terminationStatus, 0, "\(command) failed")
    }
  }

  func testTheDemoWithoutItsFixturesSaysWhereItLooked() throws {
    let missing = dir.appendingPathComponent("no-fixtures").path
    let r = try Tool.run("catalog", ["demo", "--out", dir.appendingPathComponent("out").path, "--fixtures", missing])
    XCTAssertEqual(r.status, 74, r.stderr)
    XCTAssertTrue(r.stderr.hasPrefix("error: no Fixtures folder at \(missing): "), r.stderr)
  }
}
