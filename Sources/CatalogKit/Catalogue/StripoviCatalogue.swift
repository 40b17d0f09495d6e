/// The Stripovi shape: web comics stored as loose page images (catalogue-format §1.3).
public struct StripoviCatalogue: Codable, Sendable, Equatable {
  public var version: Int
  public var generated: String
  public var base: String
  public var comics: [Comic]

  public init(version: Int = 1, generated: String, base: String, comics: [Comic]) {
    self.version = version
    self.generated = generated
    self.base = base
    self.comics = comics
  }
}

public struct Comic: Codable, Sendable, Equatable, Hashable {
  public var id: Int
  public var title: String
  /// The run's name, or nil for a standalone comic (older files write `null`; both decode).
  public var series: String?
  public var number: Int
  public var pages: Int
  public var cover: String
  public var creators: String
  public var date: String
  public var lead: String?
  public var dir: String
  public var prefix: String
  public var width: Int
  public var ext: String

  public init(
    id: Int, title: String, series: String? = nil, number: Int, pages: Int, cover: String,
    creators: String, date: String, lead: String? = nil, dir: String, prefix: String, width: Int,
    ext: String
  ) {
    self.id = id
    self.title = title
    self.series = series
    self.number = number
    self.pages = pages
    self.cover = cover
    self.creators = creators
    self.date = date
    self.lead = lead
    self.dir = dir
    self.prefix = prefix
    self.width = width
    self.ext = ext
  }
}
