import Foundation
import XCTest

/// Where tests find the package's fixtures and the shared corpus beside the project.
public enum TestPaths {
  /// The package root (two levels above this file's folder).
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `../shared`, when present.
  public static var shared: URL? {
    let u = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    return FileManager.default.fileExists(atPath: u.path) ? u : nil
  }

  /// A file or folder under `../shared`; skips the test with a printed reason when it is absent.
  public static func shared(_ relative: String) throws -> URL {
    guard let root = shared else {
      print("skipped: ../shared is absent, so \(relative) cannot be read")
      throw XCTSkip("../shared is absent beside the project; \(relative) cannot be read")
    }
    let u = root.appendingPathComponent(relative)
    guard FileManager.default.fileExists(atPath: u.path) else {
      print("skipped: \(u.path) is absent")
      throw XCTSkip("\(u.path) is absent")
    }
    return u
  }

  /// Skips the calling test, with a printed reason, when `../shared/corpus` is absent. Call it first
  /// in a test that reads the corpus inside an assertion: a skip thrown from inside `XCTAssert…`
  /// counts as a failure, not a skip.
  public static func requireCorpus() throws {
    _ = try shared("corpus")
  }

  /// Bytes of a file under `../shared/corpus` (skips when absent).
  public static func corpus(_ relative: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: shared("corpus/" + relative)))
  }

  /// A file under `Fixtures/`.
  public static func fixture(_ relative: String) -> URL {
    packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(relative)
  }

  public static func fixtureBytes(_ relative: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: fixture(relative)))
  }
}
