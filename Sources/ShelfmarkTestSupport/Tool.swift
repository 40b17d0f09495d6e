import Foundation

/// Runs one of the package's built executables, the way a person would, and captures its output.
public enum Tool {
  public struct Result: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  /// The folder holding the built products (`.build/debug`), found beside the running test bundle.
  public static var productsDirectory: URL {
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
    let p = Process()
    p.executableURL = productsDirectory.appendingPathComponent(name)
    p.arguments = arguments
    if let directory { p.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    p.environment = env
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    p.standardInput = FileHandle.nullDevice
    try p.run()
    // Read both pipes concurrently so a chatty tool cannot block on a full pipe.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    p.waitUntilExit()
    return Result(
      status: p.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// A fresh temporary folder, removed by the caller (or left for inspection on failure).
  public static func temporaryDirectory(_ label: String = "shelfmark") throws -> URL {
    let u = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(label)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    return u
  }
}
