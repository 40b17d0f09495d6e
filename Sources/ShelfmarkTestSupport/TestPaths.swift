import Foundation
import XCTest

/// Where tests find the package's fixtures and the shared corpus: `$SHELFMARK_SHARED`, else
/// `../shared` beside the project.
public enum TestPaths {
  /// The package root (two levels above this file's folder).
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The environment variable naming the shared folder (real pages in `corpus/`, the last shipped
  /// build in `reference-catalogs/`) when it is not `../shared` beside the package; `bench` reads it too.
  public static let sharedVariable = "SHELFMARK_SHARED"

  /// The shared folder: `$SHELFMARK_SHARED` when set and not empty, else `../shared` beside the
  /// package; nil when that folder does not exist. A set variable is never silently passed over
  /// for `../shared`: a wrong path skips the corpus tests, naming the path.
  public static var shared: URL? {
    let u = sharedCandidate
    return FileManager.default.fileExists(atPath: u.path) ? u : nil
  }

  /// Where the shared folder is looked for (see `shared`).
  public static var sharedCandidate: URL { sharedCandidate(environment: ProcessInfo.processInfo.environment) }

  /// Where the shared folder is looked for under `environment`; a relative path is taken from the
  /// package root, where `swift test` runs.
  public static func sharedCandidate(environment: [String: String]) -> URL {
    if let given = environment[sharedVariable], !given.isEmpty {
      return URL(fileURLWithPath: given, relativeTo: packageRoot).standardizedFileURL
    }
    return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
  }

  /// A file or folder under the shared folder; skips the test with a printed reason when it is absent.
  public static func shared(_ relative: String) throws -> URL {
    guard let root = shared else {
      let reason =
        "\(sharedCandidate.path) is absent (set \(sharedVariable) to the shared folder), so \(relative) cannot be read"
      print("skipped: " + reason)
      throw XCTSkip(reason)
    }
    let u = root.appendingPathComponent(relative)
    guard FileManager.default.fileExists(atPath: u.path) else {
      print("skipped: \(u.path) is absent")
      throw XCTSkip("\(u.path) is absent")
    }
    return u
  }

  /// Skips the calling test, with a printed reason, when the shared `corpus/` is absent. Call it first
  /// in a test that reads the corpus inside an assertion: a skip thrown from inside `XCTAssert…`
  /// counts as a failure, not a skip.
  public static func requireCorpus() throws {
    _ = try shared("corpus")
  }

  /// Bytes of a file under the shared `corpus/` (skips when absent).
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
