import Foundation

/// Why an Atarimania page could not be read. Each sentence names the page.
public enum AtarimaniaError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The CDN answered with a bot challenge instead of the page: the User-Agent was refused. Parsing it
  /// would yield an empty title, so the build stops and says so.
  case challenge(url: String, evidence: String)
  /// The index lists no `/magazines/<id>` links at all.
  case noTitles(url: String)
  /// The page stops before its closing `</html>`: a cut transfer or a cache entry cut short.
  case truncated(url: String, bytes: Int)
  /// The page is not HTML at all (empty, or binary).
  case notHTML(url: String)
  /// `--only` named a title id the index does not list.
  case unknownTitle(id: String, url: String)

  public var description: String {
    switch self {
    case .challenge(let url, let evidence):
      return
        "\(url): the CDN answered with a bot challenge (\(evidence)), not the page; it refused our User-Agent. Try again later or pass a browser User-Agent with --user-agent; the challenge was not used as a page"
    case .noTitles(let url):
      return "\(url): no /magazines/<id> links on the index; the page or the parse changed"
    case .truncated(let url, let bytes):
      return "\(url): the page ends after \(bytes) bytes without its closing </html>; it was cut short"
    case .notHTML(let url):
      return "\(url): the answer is not an HTML page"
    case .unknownTitle(let id, let url):
      return "\(url): --only names title \(id), which the index does not list"
    }
  }

  /// True for the refusal that should exit 69 rather than 65.
  public var isRefusal: Bool {
    if case .challenge = self { return true }
    return false
  }
}
