import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

/// Every input a fuzz target once crashed on (`Fixtures/Fuzz/<target>/`), fed to the same parser the
/// way the target feeds it (see `Fuzz/Sources/<target>/main.swift`). A regression kills this test
/// process with a signal, which the test run reports as a failure.
final class FuzzRegressionTests: XCTestCase {
  /// How each target hands its input to the parser; a folder under Fixtures/Fuzz without an entry
  /// here fails the test, so a new crash fixture cannot be forgotten.
  static let feeds: [String: @Sendable ([UInt8]) -> Void] = [
    "FuzzMask": { bytes in
      var parts = bytes.split(separator: 0, maxSplits: 7, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
      while parts.count < 8 { parts.append("") }
      let mask = SpectrumMask(parts[0])
      _ = mask.tokens
      let fields = SpectrumMaskFields(
        number: Int(parts[1]), volume: Int(parts[2]), year: Int(parts[3]), month: Int(parts[4]), day: Int(parts[5]),
        special: parts[6].isEmpty ? nil : parts[6], supplement: parts[7].isEmpty ? nil : parts[7])
      _ = try? mask.expand(fields)
    },
    "FuzzRobots": { bytes in
      let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
      let path = String(decoding: parts.first ?? [], as: UTF8.self)
      let text = String(decoding: parts.count > 1 ? parts[1] : [], as: UTF8.self)
      let policy = RobotsPolicy.parse(text, agent: "Shelfmark")
      _ = policy.allows(path)
      _ = policy.allows("/magazines/index.htm")
    },
  ]

  /// Targets whose parsers live in BuildSupport are fed by BuildSupportTests (FuzzHeadersRegressionTests).
  static let fedElsewhere: Set<String> = ["FuzzHeaders"]

  func testEveryInputThatOnceCrashedAFuzzTargetIsReadCleanly() throws {
    let root = TestPaths.fixture("Fuzz")
    let targets = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
    var inputs = 0
    for target in targets where !target.hasPrefix(".") && !Self.fedElsewhere.contains(target) {
      guard let feed = Self.feeds[target] else {
        XCTFail("Fixtures/Fuzz/\(target) has no feed in FuzzRegressionTests")
        continue
      }
      let folder = root.appendingPathComponent(target)
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where !name.hasPrefix(".") {
        feed([UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))
        inputs += 1
      }
    }
    XCTAssertGreaterThan(inputs, 0)
  }

  /// Foundation's `range(of:)` answered a range past the end for a pattern holding a NUL, and slicing
  /// with it trapped; the rule now matches bytes.
  func testARobotsRuleWithANULMatchesByBytes() {
    XCTAssertTrue(RobotsPolicy.matches("*a*\u{1}\0\0", "/a\nUse\u{1}\0\0"))
    XCTAssertFalse(RobotsPolicy.matches("*a*\u{1}\0\0", "/a\nUse\u{1}"))
    let policy = RobotsPolicy.parse("User-agent: *\nDisallow: /x*\u{1}\0\n", agent: "shelfmark")
    XCTAssertTrue(policy.allows("/x\nUse\u{1}"))
    XCTAssertFalse(policy.allows("/xy\u{1}\0"))
  }
}
