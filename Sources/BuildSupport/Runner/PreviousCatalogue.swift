import CatalogKit
import Foundation

/// The one reader of the catalogue a previous build wrote, with the version check: a file written by
/// a newer toolchain stops the run (replacing it would lose its fields); an unreadable one is warned
/// about and replaced.
public enum PreviousCatalogue {
  /// The catalogue at `target`, or nil when there is none or it cannot be read.
  public static func read<C: Catalogue>(_ type: C.Type, at target: URL, warnIfUnreadable: Bool) throws -> C? {
    guard let data = FileManager.default.contents(atPath: target.path) else { return nil }
    do {
      return try CatalogueFile.decode(C.self, from: [UInt8](data), file: target.path)
    } catch {
      if case .newerVersion = error { throw PreviousCatalogueError(reason: error.description) }
      if warnIfUnreadable { Diagnostics.warning("\(error); it will be replaced") }
      return nil
    }
  }
}

/// The previous catalogue was written by a newer toolchain: replacing it would lose its fields.
struct PreviousCatalogueError: BuildFailure {
  var reason: String
  var exitCode: ExitCode { .invalid }
  var description: String { reason + "; nothing was written" }
}
