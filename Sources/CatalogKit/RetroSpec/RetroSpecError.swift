import Foundation

/// Why a RetroSpec page cannot be used; every message names the page.
public enum RetroSpecError: Error, Sendable, Equatable, CustomStringConvertible {
  /// An index page yielded no issue cell at all.
  case noIssueCells(url: URL, betweenMarkers: Bool)

  public var description: String {
    switch self {
    case .noIssueCells(let url, let marked):
      return
        "\(url.absoluteString): no issue cells \(marked ? "between the CONTENT markers" : "in the page (no CONTENT markers)")"
    }
  }
}
