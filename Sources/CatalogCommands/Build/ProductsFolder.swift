import Foundation

/// Where the running `catalog` binary lives: the build executables sit beside it (`.build/debug`,
/// or wherever they were installed together), and the package root is the folder above `.build`.
enum ProductsFolder {
  /// The running binary's folder: `/proc/self/exe` resolved (Linux), else `argv[0]` resolved
  /// against the working folder and `PATH`.
  static var current: URL {
    if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent()
    }
    let arg0 = CommandLine.arguments.first ?? "catalog"
    if arg0.contains("/") {
      let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      return URL(fileURLWithPath: arg0, relativeTo: cwd).standardizedFileURL.resolvingSymlinksInPath()
        .deletingLastPathComponent()
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for dir in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent(arg0)
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        return candidate.resolvingSymlinksInPath().deletingLastPathComponent()
      }
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }

  /// The executable `name` beside the running binary.
  static func executable(_ name: String) -> URL { current.appendingPathComponent(name) }

  /// The package root: the folder above the `.build` folder the binary was built into, or nil when
  /// the binary does not sit inside a `.build` folder (an installed copy).
  static var packageRoot: URL? {
    var u = current
    while u.path != "/" {
      if u.lastPathComponent == ".build" { return u.deletingLastPathComponent() }
      u = u.deletingLastPathComponent()
    }
    return nil
  }
}
