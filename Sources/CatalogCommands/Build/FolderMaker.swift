import Foundation

/// Creates the folder a file of ours goes into, with an error that names it in a sentence (a
/// Foundation error printed as it is reads `Error Domain=NSCocoaErrorDomain Code=513 …`).
enum FolderMaker {
  struct Failure: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): the folder cannot be created (\(reason))" }
  }

  static func create(_ folder: URL) throws(Failure) {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw Failure(path: folder.path, reason: reason(folder))
    }
  }

  /// Why, found by looking: Foundation on Linux does not always carry the system's error.
  private static func reason(_ folder: URL) -> String {
    var u = folder
    let fm = FileManager.default
    while u.path != "/" && !fm.fileExists(atPath: u.path) { u = u.deletingLastPathComponent() }
    var isDir: ObjCBool = false
    if fm.fileExists(atPath: u.path, isDirectory: &isDir), !isDir.boolValue {
      return "\(u.path) is a file, not a folder"
    }
    if !fm.isWritableFile(atPath: u.path) { return "\(u.path) is not writable" }
    return "the file system refused"
  }
}
