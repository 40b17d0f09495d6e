import CatalogKit
import Foundation
import Synchronization

/// The one reader of the catalogues a previous build wrote, with the version check: a file written
/// by a newer toolchain stops the run (replacing it would lose its fields); an unreadable one is
/// warned about once and replaced. Each file is read and decoded once per run: the source asks for
/// it (thresholds, fields a page does not carry) and the runner compares with it, from one copy.
public final class PreviousCatalogues: Sendable {
  private let read = Mutex<[String: Read]>([:])
  private let printer: Printer

  private enum Read: Sendable {
    case absent
    case decoded(any Catalogue)
    case unreadable(String)
    case newer(String)
  }

  public init(printer: Printer) { self.printer = printer }

  /// The catalogue at `target`, or nil when there is none or it cannot be read. With
  /// `warnIfUnreadable` (the runner's comparison), an unreadable file is warned about.
  public func catalogue<C: Catalogue>(_ type: C.Type, at target: URL, warnIfUnreadable: Bool) throws -> C? {
    let got = read.withLock { read in
      if let known = read[target.path] { return known }
      let fresh = Self.decode(C.self, at: target)
      read[target.path] = fresh
      return fresh
    }
    switch got {
    case .absent: return nil
    case .decoded(let c): return c as? C
    case .newer(let reason): throw PreviousCatalogueError(reason: reason)
    case .unreadable(let reason):
      if warnIfUnreadable { printer.warning("\(reason); it will be replaced") }
      return nil
    }
  }

  private static func decode<C: Catalogue>(_ type: C.Type, at target: URL) -> Read {
    guard let data = FileManager.default.contents(atPath: target.path) else { return .absent }
    do {
      return .decoded(try CatalogueFile.decode(C.self, from: [UInt8](data), file: target.path))
    } catch {
      if case .newerVersion = error { return .newer(error.description) }
      return .unreadable(error.description)
    }
  }
}

/// The previous catalogue was written by a newer toolchain: replacing it would lose its fields.
struct PreviousCatalogueError: BuildFailure {
  var reason: String
  var exitCode: ExitCode { .invalid }
  var description: String { reason + "; nothing was written" }
}
