import Foundation

/// Writes that are all-or-nothing: a temporary file in the same folder, flushed, then renamed over
/// the target. A reader sees the old file or the new one, never a half.
public enum AtomicFile {
  /// With `temporaryIn`, the temporary file is made in that folder (on the same file system) rather
  /// than beside the target: the fetch cache keeps its own in one folder, so finding what a killed
  /// run left behind does not mean listing every shard.
  public static func write(_ bytes: [UInt8], to path: String, temporaryIn folder: String? = nil) throws {
    let dir = (path as NSString).deletingLastPathComponent
    if !dir.isEmpty { try Folders.create(dir, role: "the folder for \((path as NSString).lastPathComponent)") }
    let name = (path as NSString).lastPathComponent
    let tmp = "\(folder.map { $0 + "/" + name } ?? path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard fd >= 0 else { throw IOFailure(path: tmp, operation: "create", errno: errno) }
    let ok = writeAll(bytes, to: fd)
    let err = errno
    close(fd)
    guard ok else {
      unlink(tmp)
      throw IOFailure(path: tmp, operation: "write", errno: err)
    }
    guard rename(tmp, path) == 0 else {
      let e = errno
      unlink(tmp)
      throw IOFailure(path: path, operation: "rename into place", errno: e)
    }
  }
}

/// Writes every byte to `fd`, carrying on after a short write (a pipe, a signal, a full buffer);
/// false on an error, with `errno` saying which.
func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
  bytes.withUnsafeBytes { raw in
    var written = 0
    while written < raw.count {
      guard let base = raw.baseAddress else { return true }
      let n = Foundation.write(fd, base + written, raw.count - written)
      if n <= 0 { return false }
      written += n
    }
    return true
  }
}

/// A failed file operation, naming the path (exit 74).
public struct IOFailure: Error, CustomStringConvertible, Sendable {
  public var path: String
  public var operation: String
  public var errno: Int32

  public init(path: String, operation: String, errno: Int32) {
    self.path = path
    self.operation = operation
    self.errno = errno
  }

  public var description: String { "\(path): could not \(operation): \(String(cString: strerror(errno)))" }
}
