/// What a build of one group will ask archive.org for, and why the other rows cannot be expanded.
public struct SpectrumPlan: Sendable, Equatable {
  public var group: SpectrumGroup
  /// Planned rows in dump order.
  public var rows: [SpectrumPlannedRow]
  /// Rows left out, by reason (mask failures, no mask, unusable book links …).
  public var skipped: [String: Int]

  public init(group: SpectrumGroup, rows: [SpectrumPlannedRow], skipped: [String: Int]) {
    self.group = group
    self.rows = rows
    self.skipped = skipped
  }

  /// Distinct identifiers in first-use order: the metadata lookups the build will make.
  public var identifiers: [String] {
    var seen: Set<String> = []
    return rows.map(\.location.identifier).filter { seen.insert($0).inserted }
  }

  public var seriesCount: Int { Set(rows.map(\.series.key)).count }

  /// The first `n` planned rows, for trial runs (`--limit`).
  public func limited(to n: Int?) -> SpectrumPlan {
    guard let n else { return self }
    var p = self
    p.rows = Array(rows.prefix(max(0, n)))
    return p
  }

  public static let reasonNoMask = "no archive mask on the issue or its magazine"
  public static let reasonZipMirror = "link inside a /pub/ or /nvg/ zip (no resumable download)"
  public static let reasonNotBook = "entry is not an English book with a title"
  public static let reasonSecondDownload = "entry already has a book row"
  public static let reasonFiletype = "download is not a complete book or booklet"

  /// Magazine or fanzine rows: each issue of a magazine in the group whose mask (its own, else the
  /// magazine's) expands to `…/download/<id>/<file>`.
  public static func periodicals(
    _ group: SpectrumGroup, magazines: [ZXDBMagazine], issues: [ZXDBIssue]
  ) -> SpectrumPlan {
    var byID: [Int: ZXDBMagazine] = [:]
    for m in magazines { byID[m.id] = m }
    var rows: [SpectrumPlannedRow] = []
    var skipped: [String: Int] = [:]
    for issue in issues {
      guard let magazine = byID[issue.magazineID],
        SpectrumGroup.of(magtype: magazine.magtype, language: magazine.language) == group
      else { continue }
      guard let mask = issue.effectiveMask(magazine: magazine) else {
        skipped[reasonNoMask, default: 0] += 1
        continue
      }
      let location: SpectrumArchiveLocation
      do { location = try SpectrumArchiveLocation.expand(mask, issue.fields) } catch {
        skipped[error.reason, default: 0] += 1
        continue
      }
      let series = Series(
        key: SpectrumSlug.seriesKey(magazineName: magazine.name, id: magazine.id), name: magazine.name,
        code: magazine.country ?? "", language: magazine.language)
      let f = issue.fields
      rows.append(
        SpectrumPlannedRow(
          id: String(issue.id), sortID: String(issue.id), series: series, location: location, year: f.year,
          month: f.month, number: f.number, special: f.special, supplement: f.supplement))
    }
    return SpectrumPlan(group: group, rows: rows, skipped: skipped)
  }

  /// Book rows: the first download of each English book entry that is a complete book (46) or
  /// booklet (60) with an absolute `…/download/<id>/<file>` link outside the `/pub/` and `/nvg/` zips.
  public static func books(_ downloads: [ZXDBBookDownload]) -> SpectrumPlan {
    var rows: [SpectrumPlannedRow] = []
    var skipped: [String: Int] = [:]
    var taken: Set<Int> = []
    for d in downloads {
      guard d.filetype == 46 || d.filetype == 60 else {
        skipped[reasonFiletype, default: 0] += 1
        continue
      }
      guard ZXDBBookDownload.isBookGenre(d.genre), d.language == "en", let title = d.title, !title.isEmpty else {
        skipped[reasonNotBook, default: 0] += 1
        continue
      }
      if d.link.hasPrefix("/pub/") || d.link.hasPrefix("/nvg/") {
        skipped[reasonZipMirror, default: 0] += 1
        continue
      }
      let location: SpectrumArchiveLocation
      do { location = try SpectrumArchiveLocation.split(d.link) } catch {
        let reason = d.link.hasPrefix("/") ? "relative link (not on archive.org)" : error.reason
        skipped[reason, default: 0] += 1
        continue
      }
      guard taken.insert(d.entryID).inserted else {
        skipped[reasonSecondDownload, default: 0] += 1
        continue
      }
      let imprint = d.imprint.flatMap { $0.isEmpty ? nil : $0 } ?? "Other publishers"
      let series = Series(key: SpectrumSlug.make(imprint), name: imprint, code: "", language: "en")
      rows.append(
        SpectrumPlannedRow(
          id: "book-\(d.entryID)", sortID: String(d.entryID), series: series, location: location, bookTitle: title))
    }
    return SpectrumPlan(group: .books, rows: rows, skipped: skipped)
  }
}
