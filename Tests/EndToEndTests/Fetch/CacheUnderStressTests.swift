import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// The cache under the conditions people actually create: a build killed mid-run, and two builds
/// sharing one cache. Both use the real popboks-build, which makes hundreds of requests.
final class CacheUnderStressTests: XCTestCase {
  func arguments(_ server: SiteMirror, cache: URL, out: URL, _ extra: [String] = []) -> [String] {
    [
      "--mirror", server.baseURL, "--cache", cache.path, "--out", out.path, "--date", "2026-11-30",
      "--jobs", "2", "--min-issues", "1", "--quiet",
    ] + extra
  }

  func process(_ args: [String]) -> Process {
    let p = Process()
    p.executableURL = Tool.productsDirectory.appendingPathComponent("popboks-build")
    p.arguments = args
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    p.standardInput = FileHandle.nullDevice
    return p
  }

  func testABuildKilledMidRunLeavesACacheTheNextRunUses() throws {
    let archive = try SimulatedTileArchive.start()
    let dir = try Tool.temporaryDirectory("crash")
    defer { try? FileManager.default.removeItem(at: dir) }
    let cache = dir.appendingPathComponent("cache")

    // A cold, complete run elsewhere tells how many requests a build needs.
    let reference = try Tool.run(
      "popboks-build",
      arguments(
        archive.server, cache: dir.appendingPathComponent("ref-cache"), out: dir.appendingPathComponent("ref"),
        ["--delay", "0"]))
    XCTAssertEqual(reference.status, 0, reference.stderr)
    let full = archive.server.requests.count
    archive.server.clearLog()

    // Killed (SIGKILL: no chance to tidy up) once a third of the work is done.
    let victim = process(
      arguments(archive.server, cache: cache, out: dir.appendingPathComponent("killed"), ["--delay", "5"]))
    try victim.run()
    let deadline = Date().addingTimeInterval(60)
    while archive.server.requests.count < full / 3, Date() < deadline, victim.isRunning { usleep(20_000) }
    XCTAssertTrue(victim.isRunning, "the build finished before it could be killed")
    kill(victim.processIdentifier, SIGKILL)
    victim.waitUntilExit()
    let beforeKill = archive.server.requests.count
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: dir.appendingPathComponent("killed/popboks-dzuboks.json").path))

    // Whatever the kill left is either a whole entry or something verify names and repair removes.
    let verify = try Tool.run("catalog", ["cache", "verify", "--cache", cache.path, "--repair"])
    XCTAssertEqual(verify.status, 0, verify.stderr)

    // The rerun completes, asking only for what the killed run had not stored.
    archive.server.clearLog()
    let rerun = try Tool.run(
      "popboks-build",
      arguments(archive.server, cache: cache, out: dir.appendingPathComponent("out"), ["--delay", "0"]))
    XCTAssertEqual(rerun.status, 0, rerun.stderr)
    let rerunRequests = archive.server.requests.count
    XCTAssertLessThan(rerunRequests, full, "the rerun reused nothing")
    XCTAssertGreaterThanOrEqual(rerunRequests + beforeKill, full)
    for file in ["popboks-dzuboks.json", "popboks-ritam.json"] {
      XCTAssertEqual(
        FileManager.default.contents(atPath: dir.appendingPathComponent("out/\(file)").path),
        FileManager.default.contents(atPath: dir.appendingPathComponent("ref/\(file)").path), file)
    }
    let clean = try Tool.run("catalog", ["cache", "verify", "--cache", cache.path])
    XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
  }

  func testTwoBuildsFillingOneCacheAtOnceLeaveItConsistent() throws {
    let archive = try SimulatedTileArchive.start()
    let dir = try Tool.temporaryDirectory("shared-cache")
    defer { try? FileManager.default.removeItem(at: dir) }
    let cache = dir.appendingPathComponent("cache")
    let a = process(arguments(archive.server, cache: cache, out: dir.appendingPathComponent("a"), ["--delay", "0"]))
    let b = process(arguments(archive.server, cache: cache, out: dir.appendingPathComponent("b"), ["--delay", "0"]))
    try a.run()
    try b.run()
    a.waitUntilExit()
    b.waitUntilExit()
    XCTAssertEqual(a.terminationStatus, 0)
    XCTAssertEqual(b.terminationStatus, 0)
    for file in ["popboks-dzuboks.json", "popboks-ritam.json"] {
      let first = FileManager.default.contents(atPath: dir.appendingPathComponent("a/\(file)").path)
      XCTAssertNotNil(first)
      XCTAssertEqual(first, FileManager.default.contents(atPath: dir.appendingPathComponent("b/\(file)").path), file)
    }
    let verify = try Tool.run("catalog", ["cache", "verify", "--cache", cache.path])
    XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)

    archive.server.clearLog()
    let offline = try Tool.run(
      "popboks-build", arguments(archive.server, cache: cache, out: dir.appendingPathComponent("c"), ["--no-network"]))
    XCTAssertEqual(offline.status, 0, offline.stderr)
    XCTAssertEqual(archive.server.requests.count, 0)
  }
}
