/// One `downloads` row joined with its entry, genre and first publisher: a possible book row.
public struct ZXDBBookDownload: Sendable, Equatable, Hashable {
  public var entryID: Int
  public var filetype: Int?
  public var link: String
  public var title: String?
  /// `entries.language_id`.
  public var language: String?
  /// `genretypes.text` of the entry's genre.
  public var genre: String?
  /// `labels.name` of the entry's first `publishers` row, if any.
  public var imprint: String?

  public init(
    entryID: Int, filetype: Int?, link: String, title: String?, language: String?, genre: String?, imprint: String?
  ) {
    self.entryID = entryID
    self.filetype = filetype
    self.link = link
    self.title = title
    self.language = language
    self.genre = genre
    self.imprint = imprint
  }

  /// Any genre starting `Book:`, or exactly `E-Book`.
  public static func isBookGenre(_ text: String?) -> Bool {
    guard let text else { return false }
    return text.hasPrefix("Book:") || text == "E-Book"
  }
}
