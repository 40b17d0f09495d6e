/// What changed between two catalogues of one shape, keyed by (series, id) for the issue shape and
/// by id for PopBoks and Stripovi. Pure: the `catalog diff` command and build reports print it.
public struct CatalogueDiff: Sendable, Equatable, Codable {
  public struct Options: Sendable, Equatable {
    /// Field names left out of the comparison (`generated`, `bytes`, …), at every level.
    public var ignoring: Set<String>
    /// The app site id; when set, issues whose identity (§7) changed under the same id are listed.
    public var site: String?

    public init(ignoring: Set<String> = [], site: String? = nil) {
      self.ignoring = ignoring
      self.site = site
    }
  }

  public struct Counts: Sendable, Equatable, Codable {
    public var added = 0
    public var removed = 0
    public var changed = 0
    public var unchanged = 0

    public init(added: Int = 0, removed: Int = 0, changed: Int = 0, unchanged: Int = 0) {
      self.added = added
      self.removed = removed
      self.changed = changed
      self.unchanged = unchanged
    }

    public var differs: Bool { added + removed + changed > 0 }
  }

  /// Counts for one series (PopBoks: the magazine; Stripovi: the run, or "(standalone)").
  public struct SeriesCounts: Sendable, Equatable, Codable {
    public var series: String
    public var counts: Counts

    public init(series: String, counts: Counts) {
      self.series = series
      self.counts = counts
    }
  }

  public struct Change: Sendable, Equatable, Codable {
    public var field: String
    /// Nil when the field is absent on that side.
    public var old: FieldValue?
    public var new: FieldValue?

    public init(field: String, old: FieldValue?, new: FieldValue?) {
      self.field = field
      self.old = old
      self.new = new
    }
  }

  /// A record on one side only.
  public struct Record: Sendable, Equatable, Codable {
    public var series: String
    public var id: String
    public var title: String

    public init(series: String, id: String, title: String) {
      self.series = series
      self.id = id
      self.title = title
    }
  }

  public struct ChangedRecord: Sendable, Equatable, Codable {
    public var series: String
    public var id: String
    public var changes: [Change]

    public init(series: String, id: String, changes: [Change]) {
      self.series = series
      self.id = id
      self.changes = changes
    }
  }

  public var shape: String
  public var oldCount: Int
  public var newCount: Int
  public var counts: Counts
  /// Every series that has any record on either side, in new-then-old first-seen order.
  public var series: [SeriesCounts]
  /// Top-level fields (`generated`, `base`, `version`, `magazine`).
  public var catalogue: [Change]
  /// The issue shape's series block, keyed by series key.
  public var seriesBlock: [ChangedRecord]
  public var added: [Record]
  public var removed: [Record]
  public var changed: [ChangedRecord]
  /// True when the records both sides share appear in another order.
  public var reordered: Bool
  /// Ids present on both sides whose identity record (§7) changed; empty without a site.
  public var identityChanged: [String]

  /// No difference at all (given the ignored fields).
  public var isEmpty: Bool {
    !counts.differs && catalogue.isEmpty && seriesBlock.isEmpty && !reordered
  }

  /// Removed records as a share (0…1) of the old count.
  public var removedShare: Double { oldCount == 0 ? 0 : Double(counts.removed) / Double(oldCount) }

  // MARK: Comparing

  public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    case differentShapes(CatalogueShape, CatalogueShape)
    public var description: String {
      switch self {
      case .differentShapes(let a, let b):
        "cannot compare \(a.withArticle) catalogue with \(b.withArticle) one"
      }
    }
  }

  public static func compare(_ old: AnyCatalogue, _ new: AnyCatalogue, options: Options = Options()) throws(Failure)
    -> CatalogueDiff
  {
    let ig = options.ignoring
    switch (old, new) {
    case (.issue(let a), .issue(let b)):
      var d = compareRecords(
        shape: .issue, a.issues, b.issues, key: { "\($0.series)\u{1F}\($0.id)" }, series: \.series,
        id: \.id, title: \.title, ignoring: ig)
      d.catalogue = changes(top(a.base, a.generated, a.version), top(b.base, b.generated, b.version), ig)
      d.seriesBlock = seriesChanges(a.series, b.series, ig)
      if let site = options.site {
        d.identityChanged = identityChanges(
          IssueIdentity.records(of: a, site: site), IssueIdentity.records(of: b, site: site))
      }
      return d
    case (.popboks(let a), .popboks(let b)):
      var d = compareRecords(
        shape: .popboks, a.issues, b.issues, key: { "\($0.id)" }, series: { _ in b.magazine }, id: { "\($0.id)" },
        title: \.title, ignoring: ig)
      d.catalogue = changes(
        top(a.base, a.generated, a.version, magazine: a.magazine),
        top(b.base, b.generated, b.version, magazine: b.magazine), ig)
      if let site = options.site {
        d.identityChanged = identityChanges(
          IssueIdentity.records(of: a, site: site), IssueIdentity.records(of: b, site: site))
      }
      return d
    case (.stripovi(let a), .stripovi(let b)):
      var d = compareRecords(
        shape: .stripovi, a.comics, b.comics, key: { "\($0.id)" }, series: { $0.series ?? "(standalone)" },
        id: { "\($0.id)" }, title: \.title, ignoring: ig)
      d.catalogue = changes(top(a.base, a.generated, a.version), top(b.base, b.generated, b.version), ig)
      if let site = options.site {
        d.identityChanged = identityChanges(
          IssueIdentity.records(of: a, site: site), IssueIdentity.records(of: b, site: site))
      }
      return d
    default:
      throw .differentShapes(old.shape, new.shape)
    }
  }

  /// Top-level fields in key order.
  private static func top(_ base: String, _ generated: String, _ version: Int, magazine: String? = nil)
    -> [(String, FieldValue)]
  {
    [("base", .string(base)), ("generated", .string(generated))] + (magazine.map { [("magazine", .string($0))] } ?? [])
      + [("version", .int(Int64(version)))]
  }

  /// Field-by-field changes of two records' field lists (both in key order), skipping ignored names.
  static func changes(_ a: [(String, FieldValue)], _ b: [(String, FieldValue)], _ ignoring: Set<String>) -> [Change] {
    var out: [Change] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      let na = i < a.count ? a[i].0 : nil
      let nb = j < b.count ? b[j].0 : nil
      if let na, let nb, na == nb {
        if a[i].1 != b[j].1 && !ignoring.contains(na) { out.append(Change(field: na, old: a[i].1, new: b[j].1)) }
        i += 1
        j += 1
      } else if let na, nb == nil || na < (nb ?? "") {
        if !ignoring.contains(na) { out.append(Change(field: na, old: a[i].1, new: nil)) }
        i += 1
      } else if let nb {
        if !ignoring.contains(nb) { out.append(Change(field: nb, old: nil, new: b[j].1)) }
        j += 1
      }
    }
    return out
  }

  /// Records keyed by `key`; a key seen twice in one file (an invalid file) gets `#2`, `#3`… so
  /// nothing is silently merged.
  private static func keyed<R>(_ records: [R], _ key: (R) -> String) -> [(String, R)] {
    var seen: [String: Int] = [:]
    seen.reserveCapacity(records.count)
    return records.map { r in
      let k = key(r)
      let n = (seen[k] ?? 0) + 1
      seen[k] = n
      return (n == 1 ? k : "\(k)#\(n)", r)
    }
  }

  private static func compareRecords<R: DiffableRecord>(
    shape: CatalogueShape, _ old: [R], _ new: [R], key: (R) -> String, series: (R) -> String, id: (R) -> String,
    title: (R) -> String, ignoring: Set<String>
  ) -> CatalogueDiff {
    let oldKeyed = keyed(old, key)
    let newKeyed = keyed(new, key)
    var oldIndex: [String: Int] = [:]
    oldIndex.reserveCapacity(oldKeyed.count)
    for (n, (k, _)) in oldKeyed.enumerated() { oldIndex[k] = n }
    var newKeys = Set<String>()
    newKeys.reserveCapacity(newKeyed.count)

    var counts = Counts()
    var perSeries: [String: Counts] = [:]
    var seriesOrder: [String] = []
    func bump(_ s: String, _ update: (inout Counts) -> Void) {
      if perSeries[s] == nil { seriesOrder.append(s) }
      update(&perSeries[s, default: Counts()])
      update(&counts)
    }

    var added: [Record] = []
    var changed: [ChangedRecord] = []
    var sharedOldPositions: [Int] = []
    for (k, r) in newKeyed {
      newKeys.insert(k)
      guard let at = oldIndex[k] else {
        added.append(Record(series: series(r), id: id(r), title: title(r)))
        bump(series(r)) { $0.added += 1 }
        continue
      }
      sharedOldPositions.append(at)
      let c = changes(oldKeyed[at].1.diffFields, r.diffFields, ignoring)
      if c.isEmpty {
        bump(series(r)) { $0.unchanged += 1 }
      } else {
        changed.append(ChangedRecord(series: series(r), id: id(r), changes: c))
        bump(series(r)) { $0.changed += 1 }
      }
    }
    var removed: [Record] = []
    for (k, r) in oldKeyed where !newKeys.contains(k) {
      removed.append(Record(series: series(r), id: id(r), title: title(r)))
      bump(series(r)) { $0.removed += 1 }
    }
    let reordered = zip(sharedOldPositions, sharedOldPositions.dropFirst()).contains { $0 > $1 }
    return CatalogueDiff(
      shape: shape.rawValue, oldCount: old.count, newCount: new.count, counts: counts,
      series: seriesOrder.map { SeriesCounts(series: $0, counts: perSeries[$0] ?? Counts()) }, catalogue: [],
      seriesBlock: [], added: added, removed: removed, changed: changed, reordered: reordered, identityChanged: [])
  }

  /// The series block, keyed by series key: a series on one side only shows as all-absent fields.
  private static func seriesChanges(_ a: [Series], _ b: [Series], _ ignoring: Set<String>) -> [ChangedRecord] {
    var old: [String: Series] = [:]
    for s in a where old[s.key] == nil { old[s.key] = s }
    var seen = Set<String>()
    var out: [ChangedRecord] = []
    for s in b where seen.insert(s.key).inserted {
      let c = changes(old[s.key]?.diffFields ?? [], s.diffFields, ignoring)
      if !c.isEmpty { out.append(ChangedRecord(series: s.key, id: s.key, changes: c)) }
    }
    for s in a where !seen.contains(s.key) {
      seen.insert(s.key)
      let c = changes(s.diffFields, [], ignoring)
      if !c.isEmpty { out.append(ChangedRecord(series: s.key, id: s.key, changes: c)) }
    }
    return out
  }

  private static func identityChanges(_ a: [(id: String, record: String)], _ b: [(id: String, record: String)])
    -> [String]
  {
    var old: [String: String] = [:]
    for r in a where old[r.id] == nil { old[r.id] = r.record }
    return b.filter { r in old[r.id].map { $0 != r.record } == true }.map(\.id)
  }
}
