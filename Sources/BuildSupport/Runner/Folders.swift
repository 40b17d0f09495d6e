import Foundation

/// The folders a run reads and writes, checked before the first request so that a cache or output
/// path that cannot work costs no crawl, and says so in a sentence (exit 74).
enum Folders {
  static func prepare(_ options: BuildOptions) throws {
    if options.noNetwork {
      // A replay only reads: a missing cache is the fetcher's to explain, a file in its place is ours.
      try mustNotBeAFile(options.cacheDirectory.path, role: "the cache folder")
    } else {
      // The cache is created now: a build that cannot store what it fetches must not fetch.
      try create(options.cacheDirectory.path, role: "the cache folder")
      if access(options.cacheDirectory.path, W_OK) != 0 {
        throw IOFailure(path: options.cacheDirectory.path, operation: "write to the cache folder", errno: errno)
      }
    }
    // The output folder is made only when something is written; here it only must not be a file.
    try mustNotBeAFile(options.outputDirectory.path, role: "the output folder (--out)")
    if let file = options.outputFile {
      try mustNotBeAFile(file.deletingLastPathComponent().path, role: "--output's folder")
    }
  }

  /// `mkdir -p` with plain errors: a file in the way is named as such.
  static func create(_ path: String, role: String) throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw IOFailure(path: path, operation: "use it as \(role)", errno: ENOTDIR) }
      return
    }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path { try create(parent, role: role) }
    if mkdir(path, 0o755) != 0, errno != EEXIST {
      throw IOFailure(path: path, operation: "create \(role)", errno: errno)
    }
  }

  /// Fails when `path`, or a folder above it, exists and is not a folder.
  static func mustNotBeAFile(_ path: String, role: String) throws {
    var p = path
    while !p.isEmpty, p != "/" {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: p, isDirectory: &isDirectory) {
        guard isDirectory.boolValue else { throw IOFailure(path: p, operation: "use it as \(role)", errno: ENOTDIR) }
        return
      }
      p = (p as NSString).deletingLastPathComponent
    }
  }
}

extension IOFailure {
  /// A Foundation file error as a plain sentence naming the path, or nil when it is not one.
  init?(foundation error: Error) {
    let ns = error as NSError
    guard ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain else { return nil }
    let path =
      (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path ?? "a file"
    var code: Int32 = ns.domain == NSPOSIXErrorDomain ? Int32(truncatingIfNeeded: ns.code) : 0
    if code == 0, let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      code = Int32(truncatingIfNeeded: underlying.code)
    }
    if code == 0 {
      switch CocoaError.Code(rawValue: ns.code) {
      case .fileWriteFileExists: code = EEXIST
      case .fileNoSuchFile, .fileReadNoSuchFile: code = ENOENT
      case .fileWriteNoPermission, .fileReadNoPermission: code = EACCES
      case .fileWriteOutOfSpace: code = ENOSPC
      case .fileWriteVolumeReadOnly: code = EROFS
      default: code = EIO
      }
    }
    self.init(path: path, operation: "read or write it", errno: code)
  }
}
