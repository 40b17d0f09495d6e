/// The shared catalogue shape: one downloadable file per issue (spec: catalogue-format §1.1).
public struct IssueCatalogue: Codable, Sendable, Equatable {
  /// The newest shape version this toolchain reads and writes.
  public static let currentVersion = 1

  public var version: Int
  public var generated: String
  /// Prefix for every relative path; `""` when every path is an absolute URL (BombJack).
  public var base: String
  public var series: [Series]
  public var issues: [Issue]

  public init(
    version: Int = IssueCatalogue.currentVersion, generated: String, base: String, series: [Series],
    issues: [Issue]
  ) {
    self.version = version
    self.generated = generated
    self.base = base
    self.series = series
    self.issues = issues
  }
}

/// A run, or shelf, that issues belong to.
public struct Series: Codable, Sendable, Equatable, Hashable {
  public var key: String
  public var name: String
  /// Shelf-mark prefix ("SK" gives "SK 12"); may be empty.
  public var code: String
  public var language: String?

  public init(key: String, name: String, code: String, language: String? = nil) {
    self.key = key
    self.name = name
    self.code = code
    self.language = language
  }
}

/// One scanned issue in the shared shape.
public struct Issue: Codable, Sendable, Equatable, Hashable {
  public var id: String
  public var series: String
  public var number: Int
  public var title: String
  public var year: Int?
  public var month: Int?
  /// The downloadable file, relative to `base` (or absolute when `base` is empty), already URL-encoded.
  public var zip: String
  public var cover: String?
  public var thumb: String?
  public var bytes: Int64?
  public var pages: Int?
  /// Written only as `true`: the file answered "not found" at build time. Dead issues stay listed.
  public var dead: Bool?

  public init(
    id: String, series: String, number: Int, title: String, year: Int? = nil, month: Int? = nil,
    zip: String, cover: String? = nil, thumb: String? = nil, bytes: Int64? = nil, pages: Int? = nil,
    dead: Bool? = nil
  ) {
    self.id = id
    self.series = series
    self.number = number
    self.title = title
    self.year = year
    self.month = month
    self.zip = zip
    self.cover = cover
    self.thumb = thumb
    self.bytes = bytes
    self.pages = pages
    self.dead = dead
  }
}
