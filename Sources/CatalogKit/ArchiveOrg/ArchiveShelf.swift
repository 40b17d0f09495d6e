/// One hand-picked run of archive.org items: the series it forms and its identifiers in number order.
public struct ArchiveShelf: Sendable, Equatable {
  public var series: Series
  /// Identifiers in running order; position + 1 is the issue number.
  public var identifiers: [String]

  public init(series: Series, identifiers: [String]) {
    self.series = series
    self.identifiers = identifiers
  }

  /// The fanzines archive-build catalogues. This list is the whole configuration: add an item here
  /// (in running order) and rebuild. Series order here is the order of the catalogue.
  public static let fanzines: [ArchiveShelf] = [
    ArchiveShelf(
      series: Series(key: "a-profy", name: "A-Profy", code: "AP", language: "serbian"),
      identifiers: [
        "a-profy-yugoslav-amiga-fanzine-1-july-1990",
        "a-profy-yugoslav-amiga-fanzine-2-august-1990",
      ]),
    ArchiveShelf(
      series: Series(key: "amiga-bilten", name: "Amiga Bilten", code: "AB", language: "bosnian"),
      identifiers: ["amiga-bilten-1", "amiga-bilten-2"]),
  ]
}
