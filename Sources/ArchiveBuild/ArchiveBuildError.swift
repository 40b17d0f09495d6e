import BuildSupport
import Foundation

/// Why archive-build stopped before it had a catalogue.
enum ArchiveBuildError: BuildFailure {
  /// An identifier (or file name) that cannot form a URL.
  case badIdentifier(String)

  var exitCode: ExitCode { .software }

  var description: String {
    switch self {
    case .badIdentifier(let s): "'\(s)' cannot be made into an archive.org URL"
    }
  }
}
