import CatalogKit
import Foundation
import ShelfmarkSamples
import ShelfmarkTestSupport
import Synchronization
import XCTest

/// File sizes a test's mirror answers instead of the generated site's, by path.
final class ResizedFiles: Sendable {
  private let sizes = Mutex<[String: Int]>([:])
  func set(_ size: Int, _ path: String) { sizes.withLock { $0[path] = size } }
  func size(_ path: String) -> Int? { sizes.withLock { $0[path] } }
}

extension GeneratedRetroSpec {
  /// Puts this site where a test's mirror serves it (`<dir>/site`), in place of the one before.
  func publish(in dir: URL) throws {
    let root = dir.appendingPathComponent("site")
    try? FileManager.default.removeItem(at: root)
    try write(into: root)
  }
}

/// `catalog explain --json` of one row of a built catalogue, between the previous and this build's
/// lineage as the cache keeps them, with the cache to say whether each answer is still there.
enum ExplainRun {
  static func json(
    out: URL, file: String, id: String, cache: URL, line: UInt = #line
  ) throws -> [String: Any] {
    let folder = cache.appendingPathComponent("lineage")
    let r = try Tool.run(
      "catalog",
      [
        "explain", out.appendingPathComponent(file).path, id, "--lineage",
        folder.appendingPathComponent(LineageNames.previous(file)).path, "--lineage",
        folder.appendingPathComponent(LineageNames.current(file)).path, "--cache", cache.path, "--json",
      ])
    XCTAssertEqual(r.status, 0, r.stderr, line: line)
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], line: line)
  }
}

/// The `drift/…` findings a build's `--report` holds, across its catalogues.
enum DriftReport {
  static func findings(_ report: URL, line: UInt = #line) throws -> [[String: Any]] {
    let doc = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any], line: line)
    return (doc["products"] as? [[String: Any]] ?? []).flatMap { $0["findings"] as? [[String: Any]] ?? [] }
      .filter { ($0["rule"] as? String)?.hasPrefix("drift/") == true }
  }

  /// The report holds exactly one drift finding, of `rule`, whose message starts with `message`.
  static func assertOne(
    _ rule: String, startingWith message: String, in report: URL, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let drift = try findings(report, line: line)
    XCTAssertEqual(drift.map { $0["rule"] as? String }, [rule], "\(drift)", file: file, line: line)
    let text = drift.first?["message"] as? String ?? ""
    XCTAssertTrue(text.hasPrefix(message), text, file: file, line: line)
  }
}
