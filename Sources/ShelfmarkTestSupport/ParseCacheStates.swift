import Foundation
import XCTest

/// What the end-to-end tests read of a build's parse cache, and the three states of it a warm
/// rebuild must not notice: every entry kept, every entry damaged, the folder removed.
public enum ParseCacheStates {
  /// A `--report`'s `parse/…` counters.
  public static func counters(report: URL) throws -> [String: Int] {
    let top = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
    return try XCTUnwrap(top["counters"] as? [String: Int]).filter { $0.key.hasPrefix("parse/") }
  }

  /// The parse-cache entries of a cache folder, by parser.
  public static func entries(cache: URL) -> [String: [URL]] {
    let root = cache.appendingPathComponent("parsed")
    let all = (FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects ?? [])
      .compactMap { $0 as? URL }.filter { $0.lastPathComponent.count == 64 }
    return Dictionary(grouping: all) { $0.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent }
  }

  /// Rebuilds warm three times: with the entries the cold build left (`parsed` of them: all
  /// reused), with each one edited in its payload (all refused and parsed again), and with the
  /// folder removed (all parsed again). `rebuild(n)` runs rebuild `n`, checks its outputs against
  /// the cold build's and returns its report's counters.
  public static func assertRebuildsAlike(
    cache: URL, parsed: Int, file: StaticString = #filePath, line: UInt = #line,
    rebuild: (Int) throws -> [String: Int]
  ) throws {
    func expect(_ reused: Int, _ parsedAgain: Int, _ refused: Int) -> [String: Int] {
      ["parse/reused": reused, "parse/parsed": parsedAgain, "parse/refused": refused, "parse/unwritten": 0]
    }
    XCTAssertEqual(try rebuild(2), expect(parsed, 0, 0), "entries kept", file: file, line: line)
    for u in entries(cache: cache).values.joined() {
      var d = try Data(contentsOf: u)
      d[d.count / 2] ^= 0x04
      try d.write(to: u)
    }
    XCTAssertEqual(try rebuild(3), expect(0, parsed, parsed), "entries damaged", file: file, line: line)
    try FileManager.default.removeItem(at: cache.appendingPathComponent("parsed"))
    XCTAssertEqual(try rebuild(4), expect(0, parsed, 0), "folder removed", file: file, line: line)
  }
}
