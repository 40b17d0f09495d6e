/// What a catalogue holds, in the numbers people check after a build: `catalog stats`.
public struct CatalogueStats: Sendable, Equatable, Codable {
  public var shape: String
  public var records: Int
  /// Series (issue shape), 1 (PopBoks: the magazine) or named runs (Stripovi).
  public var series: Int
  /// Records with `bytes`.
  public var sized: Int
  /// Records with a page count.
  public var paged: Int
  /// Records with a cover (derived covers count: PopBoks and Stripovi always have one).
  public var covered: Int
  /// Records with a year (or a date).
  public var dated: Int
  public var dead: Int
  /// Sum of `bytes`; nil for shapes that have no sizes, or when the sum overflows (`bytesOverflow`).
  public var bytes: Int64?
  /// The sizes add up to more than `Int64` holds: a hostile or broken file, not a real shelf.
  public var bytesOverflow: Bool = false

  public init(_ c: AnyCatalogue) {
    switch c {
    case .issue(let c):
      shape = CatalogueShape.issue.rawValue
      records = c.issues.count
      series = c.series.count
      sized = c.issues.count { $0.bytes != nil }
      paged = c.issues.count { $0.pages != nil }
      covered = c.issues.count { $0.cover != nil }
      dated = c.issues.count { $0.year != nil }
      dead = c.issues.count { $0.dead == true }
      bytes = c.totalBytes
      bytesOverflow = bytes == nil
    case .popboks(let c):
      shape = CatalogueShape.popboks.rawValue
      records = c.issues.count
      series = 1
      sized = 0
      paged = c.issues.count { $0.pages > 0 }
      covered = c.issues.count
      dated = c.issues.count
      dead = 0
      bytes = nil
    case .stripovi(let c):
      shape = CatalogueShape.stripovi.rawValue
      records = c.comics.count
      series = Set(c.comics.compactMap(\.series)).count
      sized = 0
      paged = c.comics.count { $0.pages > 0 }
      covered = c.comics.count { !$0.cover.isEmpty }
      dated = c.comics.count { !$0.date.isEmpty }
      dead = 0
      bytes = nil
    }
  }

  /// `1.4 GB`, `830.2 MB`, `12 KB`: decimal units, as file managers show sizes.
  public static func humanBytes(_ n: Int64) -> String {
    let units = ["B", "KB", "MB", "GB", "TB", "PB"]
    var value = Double(n)
    var unit = 0
    while value >= 1000 && unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    if unit == 0 { return "\(n) B" }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }

  /// `97.3%` of the records, or `-` when the shape has no such field.
  public static func share(_ part: Int, of whole: Int) -> String {
    whole == 0 ? "-" : SharedRules.percent(part, whole)
  }
}
