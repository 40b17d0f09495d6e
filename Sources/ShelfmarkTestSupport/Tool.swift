import BuildSupport
import Foundation

/// Runs one of the package's built executables, the way a person would, and captures its output.
public enum Tool {
  public struct Result: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  /// The folder holding the built products (`.build/debug`), found beside the running test bundle;
  /// `SHELFMARK_PRODUCTS` names another (to run a suite against another commit's executables).
  public static var productsDirectory: URL {
    if let other = ProcessInfo.processInfo.environment["SHELFMARK_PRODUCTS"], !other.isEmpty {
      return URL(fileURLWithPath: other)
    }
    var u = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    while u.path != "/" {
      if u.pathExtension == "xctest" { return u.deletingLastPathComponent() }
      u = u.deletingLastPathComponent()
    }
    return TestPaths.packageRoot.appendingPathComponent(".build/debug")
  }

  /// Runs `name` (e.g. `retrospec-build`) with arguments in a working folder and waits for it.
  @discardableResult
  public static func run(
    _ name: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
  ) throws -> Result {
    let r = try ChildProcess.run(
      productsDirectory.appendingPathComponent(name), arguments, in: directory, environment: environment)
    return Result(status: r.status, stdout: r.stdoutText, stderr: r.stderrText)
  }

  /// A fresh temporary folder, removed by the caller (or left for inspection on failure).
  public static func temporaryDirectory(_ label: String = "shelfmark") throws -> URL {
    let u = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(label)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    return u
  }
}
