/// Turns parsed section pages and size probes into one Vintage Apple shelf.
public enum VintageAppleCatalogueAssembly {
  /// One section's page as parsed; `rows` is empty when the page listed no files.
  public struct Listing: Sendable, Equatable {
    public var section: VintageAppleSection
    public var rows: [VintageAppleRow]

    public init(section: VintageAppleSection, rows: [VintageAppleRow]) {
      self.section = section
      self.rows = rows
    }
  }

  /// What happened on the way, for the console summary and warnings.
  public struct Outcome: Sendable {
    public var catalogue: IssueCatalogue
    /// Per section in configuration order: (name, files kept).
    public var perSection: [(name: String, files: Int)]
    /// Sections whose page listed no rows: skipped.
    public var emptySections: [VintageAppleSection]
    /// Rows naming a PDF an earlier row of the group already named.
    public var duplicatesSkipped: Int
    public var dead: Int
    public var sized: Int
    /// Total of the recorded sizes, for the summary.
    public var totalBytes: Int64
  }

  /// Builds one group's catalogue from its sections' listings, in configuration order.
  ///
  /// - Rows are de-duplicated on `<slug>/pdf/<file>` within the group (first one wins), then each
  ///   section is sorted by (year, undated last; month, absent as 0; row position) and numbered 1…n.
  /// - `probes` is keyed by the issue's `zip` (`<slug>/pdf/<file>.pdf`).
  public static func assemble(
    listings: [Listing], probes: [String: SizeProbe], generated: String
  ) -> Outcome {
    var outcome = Outcome(
      catalogue: IssueCatalogue(generated: generated, base: VintageAppleSection.base, series: [], issues: []),
      perSection: [], emptySections: [], duplicatesSkipped: 0, dead: 0, sized: 0, totalBytes: 0)
    var seen = Set<String>()
    var series: [Series] = []
    var issues: [Issue] = []
    for listing in listings {
      let slug = listing.section.slug
      guard !listing.rows.isEmpty else {
        outcome.emptySections.append(listing.section)
        continue
      }
      var kept: [VintageAppleRow] = []
      for row in listing.rows {
        let zip = slug + "/" + row.pdf
        if seen.contains(zip) {
          outcome.duplicatesSkipped += 1
          continue
        }
        seen.insert(zip)
        kept.append(row)
      }
      series.append(Series(key: slug, name: listing.section.name, code: slug, language: "en"))
      outcome.perSection.append((listing.section.name, kept.count))
      for (n, row) in sortedForNumbering(kept).enumerated() {
        let zip = slug + "/" + row.pdf
        let probe = probes[zip]
        let dead = probe?.isDead == true
        let bytes = dead ? nil : probe?.bytes
        if dead { outcome.dead += 1 }
        if let bytes {
          outcome.sized += 1
          outcome.totalBytes += bytes
        }
        let cover = row.thumb.map { slug + "/" + $0 }
        issues.append(
          Issue(
            id: slug + "/" + row.stem, series: slug, number: n + 1, title: row.title, year: row.year,
            month: row.month, zip: zip, cover: cover, thumb: cover, bytes: bytes, dead: dead ? true : nil))
      }
    }
    series.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    outcome.catalogue.series = series
    outcome.catalogue.issues = issues
    return outcome
  }

  /// By (year, undated last; month, absent as 0; table position): undated rows that name a month
  /// (all of MacUser) are ordered by it, as the spec and the shipped catalogue have it.
  public static func sortedForNumbering(_ rows: [VintageAppleRow]) -> [VintageAppleRow] {
    ChronologicalOrder.sorted(rows, year: \.year, month: \.month, position: \.position)
  }
}
