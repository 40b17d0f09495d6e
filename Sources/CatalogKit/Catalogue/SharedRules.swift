/// The validation rules every catalogue of a shape must pass (ARCHITECTURE.md "Validation before
/// writing", catalogue-format §6), plus threshold factories sources use for their own limits.
///
/// The build runner applies the shared rules before a source's own; `catalog validate` and
/// `catalog check` apply them to any file. Rule names are stable slash paths (`issues/unique-id`) so
/// reports and tests can refer to them.
public enum SharedRules {
  /// How a source numbers its runs (catalogue-format §6.3).
  public enum Numbering: String, Sendable, CaseIterable {
    /// Each series is numbered exactly 1…n.
    case strict
    /// Numbers are positive and unique within a series but may have gaps: BombJack splits a run
    /// across category files, so one file holds only part of it.
    case gapsAllowed
  }

  // MARK: Thresholds sources declare

  // Their names start with `threshold/`: the build runner reports rather than enforces them when a
  // build is partial (`--only`).

  /// At least `n` records (issues or comics): a broken crawl usually shows as a short list.
  public static func minimumIssues<C: Catalogue>(_ n: Int, _ severity: Severity = .error)
    -> ValidationRule<C>
  {
    countFloor("minimum-count", .atLeast(n), noun: "record", severity) { _ in "the parse or the index is broken" }
  }

  /// How a count floor is met.
  public enum Floor: Sendable, Equatable {
    /// `count >= n`.
    case atLeast(Int)
    /// `count > n` (Atarimania's reference rule).
    case moreThan(Int)

    func holds(_ count: Int) -> Bool {
      switch self {
      case .atLeast(let n): count >= n
      case .moreThan(let n): count > n
      }
    }

    var text: String {
      switch self {
      case .atLeast(let n): "at least \(n)"
      case .moreThan(let n): "more than \(n)"
      }
    }
  }

  /// The one count-floor rule every source uses for its completeness (issues, files, comics): named
  /// `threshold/<name>`, so a partial build (`--only`) reports it instead of refusing.
  ///
  /// Message: `only 3 issues, expected at least 25 — <why>`; `noun` is singular (`Plural` counts it).
  public static func countFloor<C: Catalogue>(
    _ name: String, _ floor: Floor, noun: String = "issue", _ severity: Severity = .error,
    why: @escaping @Sendable (C) -> String
  ) -> ValidationRule<C> {
    ValidationRule(thresholdName(name), severity) { c in
      let count = c.recordCount
      guard !floor.holds(count) else { return nil }
      let reason = why(c)
      return Finding(
        rule: "", severity: severity,
        message:
          "only \(Plural.count(count, noun)), expected \(floor.text)\(reason.isEmpty ? "" : " — " + reason)",
        count: count)
    }
  }

  /// The floor a rebuild must reach given the previous catalogue's count: that count less 5 % (at
  /// least one), so a few withdrawn scans pass and a broken index (a handful of titles) does not.
  /// Without a previous catalogue, the source's `reference` floor.
  public static func previousFloor(previousCount: Int?, reference: Int) -> Int {
    guard let previousCount, previousCount > 0 else { return reference }
    return previousCount - max(1, previousCount / previousMarginDivisor)
  }

  /// 1/20: the 5 % a rebuild may lose against the previous catalogue before its floor fails.
  public static let previousMarginDivisor = 20

  /// `threshold/…` names: the runner softens exactly these for a partial build.
  static func thresholdName(_ name: String) -> String {
    name.hasPrefix("threshold/") ? name : "threshold/" + name
  }

  /// At most `share` (0…1) of the issues are dead: above it the site or the parse is broken, not
  /// the archives.
  public static func maximumDeadShare(_ share: Double, _ severity: Severity = .error)
    -> ValidationRule<IssueCatalogue>
  {
    ValidationRule("threshold/dead-share", severity) { c in
      let dead = c.issues.filter { $0.dead == true }
      guard Double(dead.count) > share * Double(c.issues.count) else { return nil }
      return Finding(
        rule: "", severity: severity,
        message:
          "\(dead.count) of \(c.issues.count) issues are dead (\(percent(dead.count, c.issues.count))), more than \(percent(share)) allowed",
        records: dead.map(\.id), count: dead.count)
    }
  }

  /// At most `n` dead issues (RetroSpec's reference rule is a count, not a share).
  public static func maximumDead(_ n: Int, _ severity: Severity = .error) -> ValidationRule<IssueCatalogue> {
    ValidationRule("threshold/dead-count", severity) { c in
      let dead = c.issues.filter { $0.dead == true }
      guard dead.count > n else { return nil }
      return Finding(
        rule: "", severity: severity,
        message:
          "\(Plural.count(dead.count, "issue")) \(Plural.verb(dead.count, "is", "are")) dead, more than \(n) allowed: the site or the parse is broken",
        records: dead.map(\.id), count: dead.count)
    }
  }

  /// Which issues a share is taken over.
  public enum ShareBase: Sendable {
    /// Every issue.
    case all
    /// Issues not marked dead (a dead row has no size by rule).
    case live
  }

  /// At least `share` (0…1) of the issues carry `bytes`.
  public static func minimumSizedShare(
    _ share: Double, of base: ShareBase = .all, _ severity: Severity = .error
  ) -> ValidationRule<IssueCatalogue> {
    minimumShare("threshold/sized-share", "have a size", share, of: base, severity) { $0.bytes != nil }
  }

  /// At least `share` (0…1) of the issues satisfy `holds`; `what` completes "N of M issues …".
  public static func minimumShare(
    _ name: String, _ what: String, _ share: Double, of base: ShareBase = .all,
    _ severity: Severity = .error, where holds: @escaping @Sendable (Issue) -> Bool
  ) -> ValidationRule<IssueCatalogue> {
    ValidationRule(thresholdName(name), severity) { c in
      let pool = base == .all ? c.issues : c.issues.filter { $0.dead != true }
      let failing = pool.filter { !holds($0) }
      let ok = pool.count - failing.count
      guard Double(ok) < share * Double(pool.count) else { return nil }
      return Finding(
        rule: "", severity: severity,
        message:
          "only \(ok) of \(pool.count)\(base == .live ? " live" : "") issues \(what) (\(percent(ok, pool.count))), expected at least \(percent(share))",
        records: failing.map(\.id), count: failing.count)
    }
  }

  // MARK: Helpers shared by the shape rule sets

  /// `12.5%`, one decimal, for messages.
  static func percent(_ part: Int, _ whole: Int) -> String {
    percent(whole == 0 ? 0 : Double(part) / Double(whole))
  }

  static func percent(_ share: Double) -> String {
    let tenths = Int((share * 1000).rounded())
    return "\(tenths / 10).\(tenths % 10)%"
  }

  /// The records whose key was already seen, in order (the first holder of a key is not listed).
  /// The records whose key an earlier item already had, naming a record only when it is one: across
  /// the seven BombJack files, building "file: id" for all 18,000 rows cost more than the check.
  static func duplicates<T, K: Hashable>(_ items: some Collection<T>, key: (T) -> K, record: (T) -> String)
    -> [String]
  {
    var seen = Set<K>()
    seen.reserveCapacity(items.count)
    var out: [String] = []
    for item in items where !seen.insert(key(item)).inserted { out.append(record(item)) }
    return out
  }

  static func duplicates<K: Hashable>(_ items: [(record: String, key: K)]) -> [String] {
    var seen = Set<K>()
    var out: [String] = []
    for item in items where !seen.insert(item.key).inserted { out.append(item.record) }
    return out
  }

  /// A finding listing `records`, or nil when there are none.
  static func finding(_ records: [String], _ message: (Int) -> String) -> Finding? {
    records.isEmpty ? nil : Finding(rule: "", severity: .error, message: message(records.count), records: records)
  }

  /// `YYYY-MM-DD` with a real month and day.
  static func isDate(_ s: String) -> Bool {
    let u = Array(s.utf8)
    guard u.count == 10, u[4] == 0x2D, u[7] == 0x2D else { return false }
    let digits = [0, 1, 2, 3, 5, 6, 8, 9]
    guard digits.allSatisfy({ u[$0] >= 0x30 && u[$0] <= 0x39 }) else { return false }
    func n(_ r: [Int]) -> Int { r.reduce(0) { $0 * 10 + Int(u[$1] - 0x30) } }
    let (y, m, d) = (n([0, 1, 2, 3]), n([5, 6]), n([8, 9]))
    guard (1...12).contains(m), d >= 1 else { return false }
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return d <= days[m - 1]
  }

  /// The rules every shape shares at the top level.
  static func versionRule<C: Catalogue>() -> ValidationRule<C> {
    ValidationRule("catalogue/version") { c in
      (1...CatalogueFile.newestVersion).contains(c.version)
        ? nil
        : Finding(
          rule: "", severity: .error,
          message: "version is \(c.version); this toolchain writes 1 to \(CatalogueFile.newestVersion)")
    }
  }

  static func generatedRule<C: Catalogue>() -> ValidationRule<C> {
    ValidationRule("catalogue/generated-date") { c in
      isDate(c.generated)
        ? nil
        : Finding(rule: "", severity: .error, message: "generated '\(c.generated)' is not a YYYY-MM-DD date")
    }
  }

  /// Problems with a base: it must be "" (only where allowed) or an http(s) URL ending in `/`.
  static func baseProblem(_ base: String, emptyAllowed: Bool) -> String? {
    if base.isEmpty { return emptyAllowed ? nil : "base is empty" }
    guard DownloadURL.isWebURL(base) else { return "base '\(base)' is not an http or https URL with a host" }
    guard base.hasSuffix("/") else { return "base '\(base)' does not end in '/'" }
    return nil
  }

  /// A path stored relative to a non-empty base must not be absolute (`http…`, `/…`).
  static func isRelativePath(_ p: String) -> Bool {
    !(p.lowercased().hasPrefix("http") || p.hasPrefix("/") || p.contains("://"))
  }

  /// `paths/safe` for any shape: each record's stored paths, named `(field, path)`, must be safe to
  /// join to the base and to the app's download folder (see `CataloguePath`).
  static func safePathsRule<C: Catalogue>(
    _ paths:
      @escaping @Sendable (C) -> [(record: String, paths: [(field: String, path: String, hosts: HostAllowlist?)])]
  ) -> ValidationRule<C> {
    ValidationRule("paths/safe") { c in
      var bad: [String] = []
      var first: String? = nil
      for r in paths(c) {
        for p in r.paths {
          guard let problem = CataloguePath.problem(p.path, hosts: p.hosts) else { continue }
          bad.append(r.record)
          if first == nil { first = "\(r.record): \(p.field) '\(printable(p.path))' \(problem)" }
          break
        }
      }
      return finding(bad) {
        "\(Plural.count($0, "record")) \(Plural.verb($0, "has", "have")) a path that could leave the download folder (\(first ?? ""))"
      }
    }
  }

  /// A path for a message: control characters shown as `\u{…}` so the message stays one line.
  static func printable(_ s: String) -> String {
    var out = ""
    for ch in s.unicodeScalars {
      if ch.value < 0x20 || ch.value == 0x7F {
        out += "\\u{\(String(ch.value, radix: 16))}"
      } else {
        out.unicodeScalars.append(ch)
      }
    }
    return out
  }

  /// Records out of order in a numbered run: each (number, date) pair in number order must not go
  /// back in time, and undated rows come after every dated one (catalogue-format §6.3).
  static func chronologyBreaks(_ rows: [(record: String, number: Int, year: Int?, month: Int?)]) -> [String] {
    var out: [String] = []
    var last: (year: Int, month: Int?)? = nil
    var sawUndated = false
    for r in rows.sorted(by: { $0.number < $1.number }) {
      guard let y = r.year else {
        sawUndated = true
        continue
      }
      if sawUndated {
        out.append(r.record)
        continue
      }
      if let l = last {
        if y < l.year {
          out.append(r.record)
          continue
        }
        if y == l.year, let m = r.month, let lm = l.month, m < lm {
          out.append(r.record)
          continue
        }
        // A row without a month keeps the year's latest month as the bar for the next row.
        last = (y, r.month ?? (y == l.year ? l.month : nil))
      } else {
        last = (y, r.month)
      }
    }
    return out
  }

  /// Numbering problems of one run, described for a message, or nil when it is fine.
  static func numberingProblem(_ numbers: [Int], _ numbering: Numbering) -> String? {
    let sorted = numbers.sorted()
    var problems: [String] = []
    if let low = sorted.first, low < 1 { problems.append("number \(low) is below 1") }
    var twice: [Int] = []
    for i in sorted.indices.dropFirst() where sorted[i] == sorted[i - 1] && twice.last != sorted[i] {
      twice.append(sorted[i])
    }
    if !twice.isEmpty { problems.append(twice.prefix(3).map { "\($0) twice" }.joined(separator: ", ")) }
    if numbering == .strict, let high = sorted.last, high > 0 {
      let present = Set(sorted)
      let missing = (1...high).filter { !present.contains($0) }
      if !missing.isEmpty {
        let shown = missing.prefix(3).map(String.init).joined(separator: ", ")
        problems.append("missing \(shown)\(missing.count > 3 ? " and \(missing.count - 3) more" : "")")
      }
    }
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
  }

  /// `4 series are not numbered 1…n: SK (missing 4), ZX (7 twice)` style message pieces.
  static func listed(_ items: [String], limit: Int = 3) -> String {
    items.prefix(limit).joined(separator: ", ") + (items.count > limit ? ", …" : "")
  }
}
