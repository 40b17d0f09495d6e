import Foundation

/// Why an archive.org answer or item cannot be used; each message names the URL or identifier.
public enum ArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The metadata answer is not JSON at all (an HTML error page, a cut-off body).
  case notJSON(url: URL)
  /// The metadata answer is JSON but not an object.
  case notAnObject(url: URL)
  /// The `metadata` object has no `identifier`, the one required field.
  case noIdentifier(url: URL)
  /// archive.org has no item by this identifier (`{}`), or answered 4xx.
  case noSuchItem(identifier: String)
  /// The item is darkened (`is_dark`).
  case dark(identifier: String)
  /// The item has no `Image Container PDF`.
  case noScan(identifier: String)
  /// The item has no `ArchiveScandata` file.
  case noScandata(identifier: String)
  /// The scandata file states no pages (no `leafCount`, no `<page` elements).
  case noPages(url: URL)
  /// The scandata file does not close its root element: a body cut short, whose page count would be low.
  case scandataCutShort(url: URL, bytes: Int, root: String?)
  /// The item's date has no year, so it cannot be titled.
  case undated(identifier: String, date: String?)
  /// The metadata API answered neither 200 nor 4xx (a redirect the fetcher refused to follow…).
  case unexpectedStatus(url: URL, status: Int)
  /// The scandata file could not be fetched (it answered this status).
  case scandataStatus(url: URL, status: Int)
  /// The scan's size is missing from the metadata.
  case noSize(identifier: String, file: String)

  public var description: String {
    switch self {
    case .notJSON(let url): return "\(url.absoluteString): the metadata answer is not JSON"
    case .notAnObject(let url): return "\(url.absoluteString): the metadata answer is not a JSON object"
    case .noIdentifier(let url): return "\(url.absoluteString): metadata has no identifier"
    case .noSuchItem(let id): return "\(id): no such item on archive.org"
    case .dark(let id): return "\(id): the item is dark (is_dark) on archive.org"
    case .noScan(let id): return "\(id): no 'Image Container PDF' among the item's files"
    case .noScandata(let id): return "\(id): no 'Scandata' file among the item's files"
    case .noPages(let url): return "\(url.absoluteString): the scandata states no pages"
    case .scandataCutShort(let url, let bytes, let root):
      return "\(url.absoluteString): the scandata is cut short: "
        + (root.map { "no closing </\($0)> in \(bytes) bytes" } ?? "no XML document in \(bytes) bytes")
    case .undated(let id, let date):
      return "\(id): undated (metadata date \(date.map { "'\($0)'" } ?? "missing") has no year)"
    case .unexpectedStatus(let url, let status): return "\(url.absoluteString): answered HTTP \(status)"
    case .scandataStatus(let url, let status): return "\(url.absoluteString): the scandata answered HTTP \(status)"
    case .noSize(let id, let file): return "\(id): the metadata gives no size for '\(file)'"
    }
  }
}
