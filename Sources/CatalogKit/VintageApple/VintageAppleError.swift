/// Why a Vintage Apple section page could not be read. Each sentence names the page.
public enum VintageAppleError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The table starts but never closes after its last row: the page was cut short.
  case truncated(url: String, rows: Int, line: Int)
  /// The answer is empty or binary, not a page.
  case notHTML(url: String)
  /// `--only` named a slug that is not one of the sixteen sections (or not in the chosen group).
  case unknownSection(slug: String, known: [String])

  public var description: String {
    switch self {
    case .truncated(let url, let rows, let line):
      return
        "\(url): line \(line): the page ends inside the file table after \(rows) rows (no closing </table>); it was cut short"
    case .notHTML(let url):
      return "\(url): the answer is not an HTML page"
    case .unknownSection(let slug, let known):
      return "--only names '\(slug)', which is not a section; the sections are \(known.joined(separator: ", "))"
    }
  }
}
