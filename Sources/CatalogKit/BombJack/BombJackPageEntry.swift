import Foundation

/// One archive link read from a page cell, before any site-wide filter.
public struct BombJackPageEntry: Sendable, Equatable {
  /// The file, resolved against the page URL (not yet checked against the host allowlist).
  public var file: URL
  /// The cell text before the link, or a title made from the file name (Apache listings).
  public var title: String
  /// The first image inside the link, resolved against the page.
  public var cover: URL?
  /// "N pages" from the cell text after the link.
  public var pages: Int?

  public init(file: URL, title: String, cover: URL? = nil, pages: Int? = nil) {
    self.file = file
    self.title = title
    self.cover = cover
    self.pages = pages
  }
}
