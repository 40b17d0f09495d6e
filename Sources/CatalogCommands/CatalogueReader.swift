import BuildSupport
import CatalogKit
import Foundation

/// Reads catalogue files from disk for the subcommands; errors carry the exit status they mean.
enum CatalogueReader {
  enum Failure: Error, Sendable, CustomStringConvertible {
    /// The file could not be read at all (exit 74).
    case unreadable(path: String, reason: String)
    /// The bytes are not a catalogue (exit 65).
    case invalid(CatalogueFileError)

    var description: String {
      switch self {
      case .unreadable(let p, let r): "\(p): \(r)"
      case .invalid(let e): e.description
      }
    }

    var exitCode: ExitCode {
      switch self {
      case .unreadable: .io
      case .invalid: .invalid
      }
    }
  }

  static func read(_ path: String) throws(Failure) -> AnyCatalogue {
    try decode(bytes(path), path: path)
  }

  static func bytes(_ path: String) throws(Failure) -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .unreadable(path: path, reason: "no such file")
    }
    guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "is a folder, not a catalogue file") }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .unreadable(path: path, reason: "cannot be read (permissions?)")
    }
    return [UInt8](data)
  }

  static func decode(_ bytes: [UInt8], path: String) throws(Failure) -> AnyCatalogue {
    do {
      return try CatalogueFile.decode(bytes, file: path)
    } catch {
      throw .invalid(error)
    }
  }

  /// The `*.json` files directly inside `folder`, sorted by name.
  static func catalogueFiles(in folder: String) throws(Failure) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
      throw .unreadable(path: folder, reason: "no such folder")
    }
    guard isDirectory.boolValue else { throw .unreadable(path: folder, reason: "is a file, not a folder") }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw .unreadable(path: folder, reason: "cannot be listed (\(error.localizedDescription))")
    }
    let base = URL(fileURLWithPath: folder)
    return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map {
      base.appendingPathComponent($0).path
    }
  }
}
