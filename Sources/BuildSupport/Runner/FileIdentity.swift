import Foundation

/// A file as the file system names it (device, inode, size, modification time to the
/// nanosecond): what changes whenever the file is written or replaced, read with one `stat`
/// and no bytes.
enum FileIdentity {
  /// Nil when the path cannot be stat'ed (absent, unreadable).
  static func of(_ path: String) -> String? {
    var s = stat()
    guard stat(path, &s) == 0 else { return nil }
    return "\(s.st_dev) \(s.st_ino) \(s.st_size) \(s.st_mtim.tv_sec).\(s.st_mtim.tv_nsec)"
  }

  /// The same five numbers as bytes (or a zero byte when there is no such file) of `name` in the
  /// open folder `folder` (`AT_FDCWD` for a path), for hashing hundreds at once with no text made
  /// for each and the folder's path not looked up again for each. Returns whether the file's time
  /// has a fraction of a second (false for no file).
  @discardableResult
  static func append(_ name: String, in folder: Int32, to out: inout [UInt8]) -> Bool {
    var s = stat()
    guard fstatat(folder, name, &s, 0) == 0 else {
      out.append(0)
      return false
    }
    out.append(1)
    for n in [Int64(s.st_dev), Int64(s.st_ino), Int64(s.st_size), Int64(s.st_mtim.tv_sec), Int64(s.st_mtim.tv_nsec)] {
      withUnsafeBytes(of: n.littleEndian) { out.append(contentsOf: $0) }
    }
    return s.st_mtim.tv_nsec != 0
  }
}
