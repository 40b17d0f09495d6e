/// What one source's catalogues are, as the pure rules see them: the source's one id, the files it
/// writes, how its answers age, the bounds its values stay within, and how its numbering runs.
/// Each source declares one (in its `Source` declaration); nothing here lists them.
public struct CatalogueSource: Sendable {
  /// The one name of the source: `retrospec`. Its tool is `<id>-build`, its cache `.<id>-cache`.
  public var id: String
  /// The name people know it by, for messages (`BombJack`).
  public var displayName: String
  /// The catalogue files a full build writes, in the app's order; each entry's `tool` is `id`.
  public var files: [CatalogueFileEntry]
  public var freshness: FreshnessRules
  /// The values a real catalogue of this source can hold (`plausible/…`); `latestYear` is left to
  /// the catalogue's date.
  public var plausibility: Plausibility
  /// BombJack's shelves hold parts of runs, so their numbers may have gaps; every other source numbers 1…n.
  public var numbering: SharedRules.Numbering
  /// Whether dates follow numbers (BombJack numbers in crawl order, so they need not).
  public var chronology: Bool

  public init(
    id: String, displayName: String, files: [CatalogueFileEntry], freshness: FreshnessRules = FreshnessRules([]),
    plausibility: Plausibility? = nil, numbering: SharedRules.Numbering = .strict, chronology: Bool = true
  ) {
    self.id = id
    self.displayName = displayName
    self.files = files.map {
      var entry = $0
      entry.tool = id
      return entry
    }
    self.freshness = freshness
    self.plausibility = plausibility ?? Plausibility(source: id)
    self.plausibility.source = id
    self.numbering = numbering
    self.chronology = chronology
  }
}

/// The sources a command knows, for what looks across them: which source a file belongs to, and
/// so which rules and bounds apply to it.
public struct CatalogueSources: Sendable {
  public var all: [CatalogueSource]

  public init(_ all: [CatalogueSource]) { self.all = all }

  /// Every file of every source, in source order.
  public var files: [CatalogueFileEntry] { all.flatMap(\.files) }

  /// The entry for a file name (the last path component), or nil for a file no source writes.
  public func entry(forFile name: String) -> CatalogueFileEntry? {
    for source in all { if let e = source.files.first(where: { $0.file == name }) { return e } }
    return nil
  }

  /// The files one source writes, in its order.
  public func files(ofSource id: String) -> [CatalogueFileEntry] { source(id: id)?.files ?? [] }

  public func source(id: String) -> CatalogueSource? { all.first { $0.id == id } }

  /// The source a file belongs to: its entry's, else the source whose id starts its name
  /// (`bombjack-extra.json`, a shelf of a newer build), else nil.
  public func source(forFile name: String) -> CatalogueSource? {
    if let e = entry(forFile: name) { return source(id: e.tool) }
    return all.first { name.hasPrefix($0.id + "-") }
  }
}
