/// A run (series) as the catalogue lists it: one per page with kept entries.
public struct BombJackRun: Sendable, Equatable {
  public var key: String
  public var name: String

  public init(key: String, name: String) {
    self.key = key
    self.name = name
  }

  public var series: Series { Series(key: key, name: name, code: key, language: "en") }
}
