import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// One generated site behind a loopback mirror, and the builds a refresh test runs against it: a
/// first build, the default refresh after the site changed, a cold build of the changed site.
final class RefreshTrial {
  let dir: URL
  let server: SiteMirror
  let tool: String
  let arguments: [String]
  let files: [String]

  init(
    tool: String, arguments: [String], files: [String], sizes: @escaping @Sendable (MirrorRequest) -> MirrorResponse?
  )
    throws
  {
    dir = try Tool.temporaryDirectory("\(tool)-refresh")
    server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 300)
    server.route(sizes)
    try server.start()
    self.tool = tool
    self.arguments = arguments
    self.files = files
  }

  deinit {
    server.stop()
    // SHELFMARK_KEEP=1 leaves the folder for a look at what differed.
    if ProcessInfo.processInfo.environment["SHELFMARK_KEEP"] == nil { try? FileManager.default.removeItem(at: dir) }
  }

  var site: URL { dir.appendingPathComponent("site") }

  /// Replaces the served site with what `write` puts in an empty folder.
  func publish(_ write: (URL) throws -> Void) throws {
    try? FileManager.default.removeItem(at: site)
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    try write(site)
  }

  /// Runs the tool against the mirror; returns the requests it made.
  @discardableResult
  func build(cache: String, out: String, _ extra: [String] = [], file: StaticString = #filePath, line: UInt = #line)
    throws -> Int
  {
    server.clearLog()
    let r = try Tool.run(
      tool,
      [
        "--mirror", server.baseURL, "--cache", dir.appendingPathComponent(cache).path, "--out",
        dir.appendingPathComponent(out).path, "--date", "2026-12-01", "--delay", "0", "--quiet",
      ] + arguments + extra, environment: ["no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1"])
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr, file: file, line: line)
    return server.requests.count
  }

  /// Every catalogue file the same in both folders (a file neither wrote counts as the same).
  func same(_ a: String, _ b: String) -> Bool {
    files.allSatisfy {
      FileManager.default.contents(atPath: dir.appendingPathComponent(a).appendingPathComponent($0).path)
        == FileManager.default.contents(atPath: dir.appendingPathComponent(b).appendingPathComponent($0).path)
    }
  }

  /// First build, change, default refresh, cold build: asserts the bound and equal catalogues.
  func assertRefreshMatchesColdBuild(
    newItems: Int, change: () throws -> Void, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    try build(cache: "cache", out: "out", file: file, line: line)
    try change()
    let refreshed = try build(cache: "cache", out: "out", ["--refresh", "--allow-shrink"], file: file, line: line)
    let cold = try build(cache: "cold-cache", out: "cold", file: file, line: line)
    print("\(tool) refresh: \(refreshed) requests; cold build of the changed site: \(cold)")
    XCTAssertTrue(
      files.contains { FileManager.default.fileExists(atPath: dir.appendingPathComponent("cold/" + $0).path) },
      "the cold build wrote a catalogue", file: file, line: line)
    XCTAssertTrue(same("out", "cold"), "the refresh saw every listing change", file: file, line: line)
    XCTAssertLessThanOrEqual(
      refreshed, cold / 10 + newItems, "refresh \(refreshed) requests, cold \(cold)", file: file, line: line)
  }
}
