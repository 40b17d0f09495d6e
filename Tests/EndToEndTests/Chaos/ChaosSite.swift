import CatalogKit
import Foundation
import ShelfmarkSamples
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// One generated site behind the loopback mirror, built clean once, then under seeded chaos: what a
/// maintainer's weekly run meets on a volunteer-run server. Every run must end byte-identical to the
/// clean build or refused with a documented exit and nothing written; the fault-free rerun on the
/// same cache must come back to the clean bytes; `--no-network` from a faulted cache must never write
/// a different catalogue.
final class ChaosSite {
  let dir: URL
  let server: SiteMirror
  let tool: String
  let arguments: [String]
  let files: [String]
  private var clean: [String: Data] = [:]

  /// Exits a refused run may end with: 65 (a page or rule refused), 69 (a host refused or a page
  /// missing under --no-network), 75 (the budget ran out). Anything else is a failure.
  static let refusals: Set<Int32> = [65, 69, 75]

  init(tool: String, arguments: [String], files: [String], write: (URL) throws -> Void) throws {
    dir = try Tool.temporaryDirectory("\(tool)-chaos")
    server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 600)
    server.route { GeneratedSizes.answer($0, for: [".pdf", ".zip"]) }
    try server.start()
    self.tool = tool
    self.arguments = arguments
    self.files = files
    try write(dir.appendingPathComponent("site"))
  }

  deinit {
    server.stop()
    if ProcessInfo.processInfo.environment["SHELFMARK_KEEP"] == nil { try? FileManager.default.removeItem(at: dir) }
  }

  struct Run {
    var status: Int32
    var output: String
  }

  func run(cache: String, out: String, _ extra: [String] = []) throws -> Run {
    let r = try Tool.run(
      tool,
      [
        "--mirror", server.baseURL, "--cache", dir.appendingPathComponent(cache).path, "--out",
        dir.appendingPathComponent(out).path, "--date", "2026-12-01", "--delay", "0", "--jobs", "8", "--quiet",
      ] + arguments + extra, environment: ["no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1"])
    return Run(status: r.status, output: r.stdout + r.stderr)
  }

  func catalogues(_ out: String) -> [String: Data] {
    var found: [String: Data] = [:]
    for f in files {
      if let d = FileManager.default.contents(atPath: dir.appendingPathComponent(out).appendingPathComponent(f).path) {
        found[f] = d
      }
    }
    return found
  }

  func buildClean(file: StaticString = #filePath, line: UInt = #line) throws {
    server.chaos(nil)
    let r = try run(cache: "clean-cache", out: "clean")
    XCTAssertEqual(r.status, 0, r.output, file: file, line: line)
    clean = catalogues("clean")
    XCTAssertFalse(clean.isEmpty, "the clean build wrote catalogues", file: file, line: line)
  }

  /// What one chaos trial ended as.
  enum Outcome: String {
    case identical, refused
  }

  /// One trial: a faulted run into an empty folder and cache, `--no-network` from that cache, the
  /// fault-free rerun on it, and `--no-network` again. Returns the faulted run's outcome.
  func trial(_ label: String, plan: ChaosPlan, file: StaticString = #filePath, line: UInt = #line) throws -> Outcome {
    let cache = "cache-\(label)"
    server.chaos(plan)
    let faulted = try run(cache: cache, out: "out-\(label)")
    let injected = server.chaosInjected.values.reduce(0, +)
    server.chaos(nil)
    XCTAssertGreaterThan(
      injected, 0, "\(label): the plan faulted no answer; the trial proves nothing", file: file, line: line)
    let outcome = judge(label + " faulted", faulted, out: "out-\(label)", file: file, line: line)

    let offline = try run(cache: cache, out: "offline-\(label)", ["--no-network"])
    _ = judge(label + " --no-network after faults", offline, out: "offline-\(label)", file: file, line: line)

    let healed = try run(cache: cache, out: "healed-\(label)")
    XCTAssertEqual(healed.status, 0, "\(label): the fault-free rerun: " + healed.output, file: file, line: line)
    XCTAssertEqual(
      catalogues("healed-\(label)"), clean, "\(label): the fault-free rerun converges to the clean bytes", file: file,
      line: line)

    let replay = try run(cache: cache, out: "replay-\(label)", ["--no-network"])
    XCTAssertEqual(
      replay.status, 0, "\(label): --no-network from the healed cache: " + replay.output, file: file, line: line)
    XCTAssertEqual(
      catalogues("replay-\(label)"), clean, "\(label): --no-network from the healed cache", file: file, line: line)
    return outcome
  }

  /// Identical to the clean build (exit 0), or refused with a documented exit and nothing written.
  private func judge(_ label: String, _ r: Run, out: String, file: StaticString, line: UInt) -> Outcome {
    let written = catalogues(out)
    if r.status == 0 {
      XCTAssertEqual(
        written, clean, "\(label): exit 0 but the catalogue differs from the clean build\n" + r.output, file: file,
        line: line)
      return .identical
    }
    XCTAssertTrue(
      ChaosSite.refusals.contains(r.status), "\(label): exit \(r.status) is no documented refusal\n" + r.output,
      file: file, line: line)
    XCTAssertTrue(
      written.isEmpty, "\(label): refused (exit \(r.status)) yet wrote \(written.keys.sorted())", file: file, line: line
    )
    return .refused
  }
}
