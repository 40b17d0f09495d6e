/// A folder's worth of catalogues and the rules that span files (catalogue-format §3, §4, §6):
/// what `catalog check DIR` runs after each file's own shared rules.
public struct CatalogueSet: Sendable {
  public struct Member: Sendable {
    /// The file name (last path component).
    public var file: String
    public var catalogue: AnyCatalogue
    /// The list entry for this file, if a source writes it.
    public var entry: CatalogueFileEntry?
    /// The source the file belongs to: its entry's, or the source its name starts with; nil for a
    /// file no source knows, which gets the general rules and bounds.
    public var source: CatalogueSource?

    public init(file: String, catalogue: AnyCatalogue, sources: CatalogueSources) {
      self.file = file
      self.catalogue = catalogue
      entry = sources.entry(forFile: file)
      source = sources.source(forFile: file)
    }

    public var numbering: SharedRules.Numbering { source?.numbering ?? .strict }
    public var chronology: Bool { source?.chronology ?? true }

    /// The shared rules for this file, chosen by its source, with its source's plausibility bounds.
    /// - Parameter latestYear: the latest plausible issue year; nil takes the file's `generated` year + 1.
    public func validate(
      allowlist: HostAllowlist = .standard, numbering: SharedRules.Numbering? = nil, latestYear: Int? = nil
    ) -> ValidationReport {
      var plausibility = source?.plausibility ?? .general
      if plausibility.latestYear == nil { plausibility.latestYear = latestYear }
      return catalogue.validate(
        allowlist: allowlist, numbering: numbering ?? self.numbering, chronology: chronology,
        plausibility: plausibility, rowCeiling: entry?.rowCeiling)
    }
  }

  /// Which catalogues must be present.
  public enum Expectation: String, Sendable, CaseIterable {
    /// All 18 files of the list.
    case all
    /// Only the files found; at least one must be there.
    case present
  }

  public var members: [Member]
  /// The sources whose files are expected (`Expectation.all`) and whose cross-file rules apply.
  public var sources: CatalogueSources

  public init(_ members: [Member], sources: CatalogueSources) {
    self.members = members
    self.sources = sources
  }

  /// Each file's shared rules (numbering chosen by file).
  public func reports(allowlist: HostAllowlist = .standard, latestYear: Int? = nil) -> [(
    file: String, report: ValidationReport
  )] {
    members.concurrentMap { ($0.file, $0.validate(allowlist: allowlist, latestYear: latestYear)) }
  }

  /// Each file's report and the findings across files, worked out side by side: the cross-file
  /// rules read every file and are the longest single piece of a folder's check, so they run as
  /// one more task beside the files' (first, so the other core takes the files meanwhile).
  public func check(expect: Expectation, allowlist: HostAllowlist = .standard, latestYear: Int? = nil) -> (
    reports: [(file: String, report: ValidationReport)], cross: [Finding]
  ) {
    enum Piece: Sendable {
      case cross([Finding])
      case file(String, ValidationReport)
    }
    let pieces = ([nil] + members.indices.map { Optional($0) }).concurrentMap { i -> Piece in
      guard let i else { return .cross(crossFindings(expect: expect)) }
      return .file(members[i].file, members[i].validate(allowlist: allowlist, latestYear: latestYear))
    }
    var reports: [(file: String, report: ValidationReport)] = []
    var cross: [Finding] = []
    for p in pieces {
      switch p {
      case .cross(let f): cross = f
      case .file(let file, let report): reports.append((file, report))
      }
    }
    return (reports, cross)
  }

  /// The rules across files. Record names are `file: id` where a record is meant.
  public func crossFindings(expect: Expectation) -> [Finding] {
    var out: [Finding] = []
    func add(_ rule: String, _ severity: Severity = .error, _ records: [String], _ message: (Int) -> String) {
      if !records.isEmpty {
        out.append(Finding(rule: rule, severity: severity, message: message(records.count), records: records))
      }
    }
    if members.isEmpty {
      out.append(
        Finding(
          rule: "folder/not-empty", severity: .error,
          message: "found no catalogues to check; a check over nothing would pass vacuously"))
      return out
    }
    let files = Set(members.map(\.file))
    if expect == .all {
      add("folder/expected-set", .error, sources.files.map(\.file).filter { !files.contains($0) }) {
        "\($0) of the \(sources.files.count) catalogues \(Plural.verb($0, "is", "are")) missing"
      }
    }
    add("folder/known-file", .warning, members.filter { $0.entry == nil }.map(\.file)) {
      "\(Plural.count($0, "file")) \(Plural.verb($0, "is", "are")) not in the list of catalogues the app ships"
    }
    // The app's resources live in a bundle that may be case-insensitive.
    add(
      "folder/distinct-resource-names", .error,
      SharedRules.duplicates(members.map { ($0.file, resourceName($0.file).lowercased()) })
    ) {
      "\(Plural.count($0, "file")) \(Plural.verb($0, "shares", "share")) a resource name with another file when case is ignored"
    }
    add(
      "folder/shape-and-base", .error,
      members.compactMap { m in
        guard let e = m.entry else { return nil }
        if m.catalogue.shape != e.shape {
          return "\(m.file) (\(m.catalogue.shape.withArticle) catalogue, listed as \(e.shape.displayName))"
        }
        if m.catalogue.base != e.base { return "\(m.file) (base '\(m.catalogue.base)', listed as '\(e.base)')" }
        return nil
      }
    ) { "\(Plural.count($0, "file")) \(Plural.verb($0, "does", "do")) not have the shape or base the list gives them" }

    for source in sources.all where source.numbering == .gapsAllowed {
      out += partsOfRuns(source, files: files)
    }
    // Every multi-file source whose files hold whole runs maps each group (series) to exactly one
    // file (§6.1).
    let grouped = Dictionary(grouping: members.filter { $0.numbering == .strict && $0.entry != nil }) {
      $0.entry?.tool ?? ""
    }
    for (tool, files) in grouped.sorted(by: { $0.key < $1.key }) where files.count > 1 {
      let rows = files.flatMap { m -> [(record: String, key: String)] in
        guard case .issue(let c) = m.catalogue else { return [] }
        return c.series.map { ("\(m.file): \($0.key)", $0.key) }
      }
      add("\(tool)/series-in-one-file", .error, SharedRules.duplicates(rows)) {
        "\(Plural.count($0, "\(tool) series key")) \(Plural.verb($0, "appears", "appear")) in more than one of its files"
      }
    }
    for m in members {
      let site = m.entry?.site ?? resourceName(m.file)
      // Grouped by the hashed keys themselves: equal keys are equal records, without 18,000 digests.
      let groups = IssueIdentity.collisions(IssueIdentity.keys(of: m.catalogue, site: site))
      add("identity/collisions", .error, groups.map { "\(m.file): \($0.joined(separator: " = "))" }) {
        "\(Plural.count($0, "group")) of records \(Plural.verb($0, "shares", "share")) one identity (site, id, number, folded title, series) in a file"
      }
    }
    return out
  }

  /// A source whose files hold parts of runs (BombJack's shelves): ids and zips unique across its
  /// files, and, when all of them are here, every run numbered 1…n across them.
  private func partsOfRuns(_ source: CatalogueSource, files: Set<String>) -> [Finding] {
    var out: [Finding] = []
    func add(_ rule: String, _ records: [String], _ message: (Int) -> String) {
      if !records.isEmpty {
        out.append(Finding(rule: rule, severity: .error, message: message(records.count), records: records))
      }
    }
    let name = source.displayName
    let parts = members.filter { $0.source?.id == source.id }.compactMap { m -> (String, IssueCatalogue)? in
      if case .issue(let c) = m.catalogue { return (m.file, c) }
      return nil
    }
    if parts.count > 1 {
      // The two fields compared, not whole issues: copying every issue was most of these rules.
      let rows = parts.flatMap { f in
        f.1.issues.indices.map { (file: f.0, id: f.1.issues[$0].id, zip: f.1.issues[$0].zip) }
      }
      add(
        "\(source.id)/unique-id-across-files",
        SharedRules.duplicates(rows, key: \.id, record: { "\($0.file): \($0.id)" })
      ) {
        "\(Plural.count($0, "\(name) id")) \(Plural.verb($0, "appears", "appear")) in more than one file (or twice in one)"
      }
      add(
        "\(source.id)/unique-zip-across-files",
        SharedRules.duplicates(rows, key: \.zip, record: { "\($0.file): \($0.id)" })
      ) {
        "\(Plural.count($0, "\(name) zip")) \(Plural.verb($0, "appears", "appear")) in more than one file (or twice in one)"
      }
    }
    if source.files.map(\.file).allSatisfy(files.contains) {
      var problems: [String] = []
      let numbered = parts.flatMap { f in
        f.1.issues.indices.map { (series: f.1.issues[$0].series, number: f.1.issues[$0].number) }
      }
      for (key, numbers) in SharedRules.grouped(numbered, by: \.series, \.number) {
        if let p = SharedRules.numberingProblem(numbers, .strict) { problems.append("\(key) (\(p))") }
      }
      add("\(source.id)/numbering-across-files", problems) {
        "\(Plural.count($0, "\(name) run")) \(Plural.verb($0, "is", "are")) not numbered exactly 1…n across the \(Plural.spelled(source.files.count)) files"
      }
    }
    return out
  }

  private func resourceName(_ file: String) -> String {
    file.hasSuffix(".json") ? String(file.dropLast(5)) : file
  }
}
