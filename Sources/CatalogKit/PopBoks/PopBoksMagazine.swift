/// The two magazines PopBoks publishes as tile pyramids, and every address derived from them
/// (spec: sources/popboks.md, "Site constants").
public enum PopBoksMagazine: String, CaseIterable, Sendable, Codable {
  case dzuboks
  case ritam

  /// The only host the archive lives on.
  public static let host = "www.popboks.com"
  /// Every path in the catalogue and every probe address starts here.
  public static let base = "https://www.popboks.com/"
  /// The zoom level whose tiles the catalogue records: level 2 is the scan itself.
  public static let level = 2

  /// The name the site and the app show.
  public var displayName: String {
    switch self {
    case .dzuboks: "Džuboks"
    case .ritam: "Ritam"
    }
  }

  /// The folder under `base` that holds one sub-folder per issue.
  public var directory: String {
    switch self {
    case .dzuboks: "dzuboks/dzuboksimages"
    case .ritam: "ritam/images"
    }
  }

  /// The reader page; the app sends it as `Referer`, so the probes do too.
  public var readerPage: String { Self.base + rawValue + "/" }

  /// The script whose literal arrays are the whole index.
  public var scriptURL: String { Self.base + rawValue + "/js/" + scriptFileName }

  /// The script's file name, also its name in the cache.
  public var scriptFileName: String { rawValue + ".js" }

  /// The catalogue file this magazine is written to.
  public var catalogueFile: String { "popboks-" + rawValue + ".json" }

  /// The reference's completeness floor: fewer issues means a broken parse, not a shrinking site.
  public var minimumIssues: Int {
    switch self {
    case .dzuboks: 183
    case .ritam: 25
    }
  }

  /// The issue's folder; the app uses it as the issue's mirror address.
  public func issueFolder(_ id: Int) -> String { Self.base + directory + "/\(id)/" }

  /// The cover is always site page 1's icon, even when the scan starts at a later site page.
  public func coverURL(_ id: Int) -> String { issueFolder(id) + "1/icon.jpg" }

  /// One level-2 tile; column and row are zero-based with row 0 at the top.
  public func tileURL(_ id: Int, page: Int, column: Int, row: Int) -> String {
    issueFolder(id) + "\(page)/\(Self.level)_\(column)_\(row).jpg"
  }

  /// The address a probe asks about.
  public func url(_ id: Int, _ probe: PopBoksGridProbe) -> String {
    switch probe {
    case .cover: coverURL(id)
    case .tile(let page, let column, let row): tileURL(id, page: page, column: column, row: row)
    }
  }
}
