import Foundation

/// Why retrospec-build stopped before it had a catalogue; each message names the page.
enum RetroSpecBuildError: BuildFailure {
  /// An index page did not answer 200.
  case indexStatus(url: URL, status: Int)
  /// A URL from the series table or a page could not be formed.
  case badURL(String)

  var exitCode: ExitCode {
    switch self {
    case .indexStatus: .invalid
    case .badURL: .software
    }
  }

  var description: String {
    switch self {
    case .indexStatus(let url, let status):
      "\(url.absoluteString): the index page answered HTTP \(status), so its issues cannot be listed"
    case .badURL(let s): "'\(s)' is not a valid URL"
    }
  }
}
