/// One issue cell of an index page: what the grid says about one issue.
public struct RetroSpecIndexCell: Sendable, Equatable {
  /// The site id from the cell's `magshow.php?all=<id>` link.
  public var id: String
  /// The archive, relative to the base (or absolute when the page points elsewhere).
  public var zip: String
  public var cover: String?
  /// The 68×93 thumbnail (the first image not under `gfx/`).
  public var thumb: String?
  /// The cell's text without its links: `"1986 - 05"`, a double issue, a special caption, a book's name.
  public var label: String
  /// 1-based line of the cell's `<td` in the page, for messages.
  public var line: Int

  public init(id: String, zip: String, cover: String?, thumb: String?, label: String, line: Int) {
    self.id = id
    self.zip = zip
    self.cover = cover
    self.thumb = thumb
    self.label = label
    self.line = line
  }

  public var issueID: RetroSpecIssueID { RetroSpecIssueID(id) }
}
