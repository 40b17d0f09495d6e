/// One catalogue file the app ships (catalogue-format §3), as its source declares it: `catalog check`
/// uses the entries for the expected set, shapes and bases; issue identity uses the site ids.
public struct CatalogueFileEntry: Sendable, Equatable {
  /// File name, e.g. `retrospec-catalog.json`; the app's resource name is this without `.json`.
  public var file: String
  public var shape: CatalogueShape
  /// The id of the source that writes it (`retrospec` for `retrospec-build`), set by its
  /// `CatalogueSource`.
  public var tool: String
  /// The app's site id (§7's `site` term).
  public var site: String
  /// What the app writes into the publisher column.
  public var display: String
  public var base: String
  /// A row ceiling above `RowBudget.errorAbove` this file's source declares, with its reason; nil
  /// for the standard budget (every file today: the largest holds 3,194 rows).
  public var rowCeiling: RowBudget.Ceiling? = nil

  public var resourceName: String {
    file.hasSuffix(".json") ? String(file.dropLast(5)) : file
  }
}

extension CatalogueFileEntry {
  /// An entry as a source declares it; its `CatalogueSource` stamps the source's id.
  public init(
    _ file: String, shape: CatalogueShape = .issue, site: String, display: String, base: String,
    rowCeiling: RowBudget.Ceiling? = nil
  ) {
    self.init(file: file, shape: shape, tool: "", site: site, display: display, base: base, rowCeiling: rowCeiling)
  }
}
