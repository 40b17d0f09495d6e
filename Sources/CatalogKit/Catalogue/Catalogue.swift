/// What every catalogue shape shares, so the build runner, `catalog validate` and `catalog diff`
/// handle all three shapes alike.
public protocol Catalogue: Codable, Sendable, Equatable {
  /// Which of the three shapes this is.
  static var shape: CatalogueShape { get }
  var version: Int { get }
  /// The build date, `YYYY-MM-DD` (UTC). Ignored when deciding whether a rebuild changed anything.
  var generated: String { get set }
  /// The rows a catalogue lists (issues, or comics), counted for summaries and shrink checks.
  var recordCount: Int { get }
  /// Each record's natural key (`series/id` for issues, the id otherwise), for shrink checks.
  var recordKeys: [String] { get }
}

public enum CatalogueShape: String, Sendable, CaseIterable {
  case issue, popboks, stripovi
}

extension IssueCatalogue: Catalogue {
  public static var shape: CatalogueShape { .issue }
  public var recordCount: Int { issues.count }
  /// By place, each key made from the two fields where they lie: a map copied each issue whole (a
  /// retain and a release for each of its strings), for both catalogues a rebuild compares.
  public var recordKeys: [String] {
    var keys: [String] = []
    keys.reserveCapacity(issues.count)
    for n in issues.indices { keys.append(issues[n].series + "/" + issues[n].id) }
    return keys
  }
}

extension PopBoksCatalogue: Catalogue {
  public static var shape: CatalogueShape { .popboks }
  public var recordCount: Int { issues.count }
  public var recordKeys: [String] { issues.map { String($0.id) } }
}

extension StripoviCatalogue: Catalogue {
  public static var shape: CatalogueShape { .stripovi }
  public var recordCount: Int { comics.count }
  public var recordKeys: [String] { comics.map { String($0.id) } }
}

extension Catalogue {
  /// True when the two differ only in `generated`: a rebuild that changed nothing keeps the old bytes.
  public func sameContent(as other: Self) -> Bool {
    var a = self
    a.generated = other.generated
    return a == other
  }
}
