/// Turns a plan and the items' metadata into one Spectrum catalogue, by the identifier-trust rule.
public enum SpectrumCatalogue {
  public static let base = "https://archive.org/download/"

  /// What happened to the planned rows; the build prints these after writing.
  public struct Counts: Sendable, Equatable {
    public var built = 0
    public var missingItem = 0
    public var noReadableFile = 0
    public var alreadyClaimed = 0
    public var filenameRecovered = 0

    public init() {}
  }

  /// Resolves every row in plan order (the first claim of an `identifier/file` wins), then sorts,
  /// numbers each series 1…n over the rows actually built, and lists the series that have rows.
  public static func build(
    _ plan: SpectrumPlan, items: [String: SpectrumItemLookup], generated: String
  ) -> (catalogue: IssueCatalogue, counts: Counts) {
    var counts = Counts()
    var claimed: Set<String> = []
    var built: [(row: SpectrumPlannedRow, identifier: String, file: String, bytes: Int64?)] = []
    for row in plan.rows {
      guard case .item(let item)? = items[row.location.identifier] else {
        counts.missingItem += 1
        continue
      }
      var file = row.location.file
      var size: Int64?? = item.sizes[file]
      if size == nil {
        guard let readable = item.firstReadable else {
          counts.noReadableFile += 1
          continue
        }
        file = readable
        size = item.sizes[readable] ?? .some(nil)
        counts.filenameRecovered += 1
      }
      guard claimed.insert(item.identifier + "/" + file).inserted else {
        counts.alreadyClaimed += 1
        continue
      }
      built.append((row, item.identifier, file, size ?? nil))
    }
    built.sort { SpectrumPlannedRow.sortsBefore($0.row, $1.row) }
    var next: [String: Int] = [:]
    var series: [String: Series] = [:]
    var issues: [Issue] = []
    for b in built {
      let key = b.row.series.key
      let n = (next[key] ?? 0) + 1
      next[key] = n
      series[key] = b.row.series
      let id = ArchivePath.encode(b.identifier)
      issues.append(
        Issue(
          id: b.row.id, series: key, number: n, title: b.row.title, year: b.row.year, month: b.row.month,
          zip: id + "/" + ArchivePath.encode(b.file), cover: id + "/page/n0_w1024.jpg", thumb: id + "/__ia_thumb.jpg",
          bytes: b.bytes))
    }
    counts.built = issues.count
    let seriesList = series.values.sorted { $0.key < $1.key }
    return (IssueCatalogue(generated: generated, base: base, series: seriesList, issues: issues), counts)
  }
}
