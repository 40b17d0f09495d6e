import BuildSupport
import Foundation
import ShelfmarkTestSupport
import XCTest

/// The real executables refuse every bad command line of issue 11 with exit 64 and the range named,
/// before any request; I/O trouble exits 74 with a sentence naming the path, never a Foundation dump.
final class CommandLineTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws { dir = try Tool.temporaryDirectory("cli") }
  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  func usage(_ tool: String, _ arguments: [String], env: [String: String] = [:], says text: String) throws {
    let base = ["--no-network", "--quiet", "--cache", dir.appendingPathComponent("cache").path]
    let r = try Tool.run(tool, base + arguments, in: dir, environment: env)
    XCTAssertEqual(r.status, 64, "\(tool) \(arguments): \(r.stderr)")
    XCTAssertTrue(r.stderr.contains(text), "\(tool) \(arguments):\n\(r.stderr)")
    XCTAssertTrue(r.stderr.contains("See '\(tool) --help'."), r.stderr)
  }

  func testEveryOutOfRangeNumberIsAUsageErrorNamingTheRange() throws {
    try usage(
      "spectrum-build", ["--build", "books", "--sized-share", "1e300"],
      says: "error: --sized-share takes a share from 0 to 1, not '1e300'.")
    try usage(
      "spectrum-build", ["--build", "books", "--sized-share", "nan"],
      says: "--sized-share takes a share from 0 to 1, not 'nan'.")
    try usage(
      "atarimania-build", ["--max-dead", "9223372036854775807"],
      says: "--max-dead takes a number from 0 to 100, not '9223372036854775807'.")
    try usage(
      "bombjack-build", ["--max-pages", "-1"], says: "--max-pages takes a number from 1 to 10000000, not '-1'.")
    try usage(
      "spectrum-build", ["--expand", "{M3}", "--month", "13"], says: "--month takes a number from 1 to 12, not '13'.")
    try usage(
      "spectrum-build", ["--expand", "{i2}", "--number", "-5"],
      says: "--number takes a number from 0 to 1000000, not '-5'.")
  }

  func testDatesMustBeRealAndSourceDateEpochUsable() throws {
    try usage(
      "archive-build", ["--date", "2025-02-30"], says: "--date takes a date like 2026-11-30, not '2025-02-30'.")
    for bad in ["abc", "99999999999999999999", "-1"] {
      try usage(
        "archive-build", [], env: ["SOURCE_DATE_EPOCH": bad],
        says: "SOURCE_DATE_EPOCH takes whole seconds since 1970 from 0 to 253402300799, not '\(bad)'.")
    }
  }

  func testAUserAgentWithLineBreaksIsRefused() throws {
    try usage(
      "retrospec-build", ["--user-agent", "x\r\nX-Evil: 1"],
      says: "--user-agent takes printable text without control characters, not 'x\\r\\nX-Evil: 1'.")
  }

  func testModesExcludeEachOther() throws {
    try usage(
      "spectrum-build", ["--plan", "--probe"],
      says:
        "--plan and --probe cannot be used together; choose one of --build, --plan, --probe, --validate or --expand.")
  }

  func testOutputOnAToolThatWritesSeveralFilesIsRefused() throws {
    try usage(
      "popboks-build", ["--output", "x.json"],
      says: "--output names one file, but popboks-build writes 2 (popboks-dzuboks.json, popboks-ritam.json)")
    try usage("vintageapple-build", ["--output", "x.json"], says: "or --group to write one.")
    try usage("bombjack-build", ["--output", "x.json"], says: "give a folder with --out")
  }

  func testAnOutputFolderThatIsAFileExits74NamingIt() throws {
    let out = dir.appendingPathComponent("out")
    XCTAssertTrue(FileManager.default.createFile(atPath: out.path, contents: Data("x".utf8)))
    let r = try Tool.run("archive-build", ["--no-network", "--quiet", "--out", out.path], in: dir)
    XCTAssertEqual(r.status, 74, r.stderr)
    XCTAssertTrue(r.stderr.contains("\(out.path): could not use it as the output folder (--out)"), r.stderr)
    XCTAssertFalse(r.stderr.contains("NSCocoaErrorDomain"), r.stderr)
  }

  func testACacheThatIsAFileExits74NamingIt() throws {
    let cache = dir.appendingPathComponent("cache")
    XCTAssertTrue(FileManager.default.createFile(atPath: cache.path, contents: Data("x".utf8)))
    for extra in [[], ["--no-network"]] {
      let r = try Tool.run("archive-build", extra + ["--quiet", "--cache", cache.path], in: dir)
      XCTAssertEqual(r.status, 74, r.stderr)
      XCTAssertTrue(r.stderr.contains("\(cache.path): could not use it as the cache folder"), r.stderr)
      XCTAssertFalse(r.stderr.contains("Domain="), r.stderr)
    }
  }

  func testEveryExecutableSaysItsVersion() throws {
    for tool in HelpScreenTests.tools {
      let r = try Tool.run(tool, ["--version"])
      XCTAssertEqual(r.status, 0, "\(tool): \(r.stderr)")
      XCTAssertTrue(r.stdout.hasPrefix("\(tool) 1.0.0 (commit "), "\(tool): \(r.stdout)")
    }
  }

  /// The stamp comes from the build itself (Plugins/VersionStamp), not from a script run before it:
  /// the binary under test names a commit of this checkout, as `git describe` abbreviates it (HEAD
  /// itself unless a commit was made after the build).
  func testAPlainBuildNamesTheCommitItWasBuiltFrom() throws {
    let root = TestPaths.packageRoot
    guard FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path) else {
      throw XCTSkip("the package is not a git checkout, so there is no commit to compare with")
    }
    let r = try Tool.run("catalog", ["--version"])
    let commit = try XCTUnwrap(r.stdout.split(separator: "(commit ").last?.split(separator: ")").first)
    XCTAssertFalse(commit.hasPrefix("unstamped"), r.stdout)
    let hash = commit.split(separator: "-").first.map(String.init) ?? ""
    XCTAssertGreaterThanOrEqual(hash.count, 7, r.stdout)
    let git = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", root.path, "merge-base", "--is-ancestor", hash, "HEAD"])
    XCTAssertEqual(git.status, 0, "\(r.stdout) names \(hash), which is not HEAD or before it: \(git.stderrText)")
  }

  func testCatalogBuildKnowsTheToolsAsTheyDeclareThemselves() throws {
    let help = try Tool.run("catalog", ["build", "--help"]).stdout
    XCTAssertTrue(
      help.contains("A source to build: \(Sources.all.map(\.id).joined(separator: ", "))."), help)
    for source in Sources.all {
      XCTAssertEqual(source.tool.cacheName, ".\(source.id)-cache", "one name per source, its cache's too")
    }
  }
}
