extension SharedRules {
  /// The shared rules for the issue shape (catalogue-format §1.1, §4, §6).
  ///
  /// - Parameters:
  ///   - allowlist: the hosts `base + zip` may point at.
  ///   - numbering: `.strict` (1…n per series) everywhere but BombJack, whose files hold parts of runs.
  ///   - chronology: warn when a higher number carries an earlier date. Off for BombJack, which
  ///     numbers in crawl order (sources/bombjack.md), not by date.
  ///   - rowCeiling: a higher row ceiling the source declares, with its reason (`RowBudget`).
  public static func issue(
    allowlist: HostAllowlist = .standard, numbering: Numbering = .strict, chronology: Bool = true,
    rowCeiling: RowBudget.Ceiling? = nil
  ) -> [ValidationRule<IssueCatalogue>] {
    let budget: [ValidationRule<IssueCatalogue>] = RowBudget.rules(ceiling: rowCeiling) { c in
      RowBudget.largest(c.issues.map(\.series), "series")
    }
    let rules: [ValidationRule<IssueCatalogue>] =
      budget + [
        versionRule(),
        generatedRule(),
        ValidationRule("catalogue/base") { c in
          baseProblem(c.base, emptyAllowed: true).map { Finding(rule: "", severity: .error, message: $0) }
        },
        ValidationRule("series/not-empty") { c in
          c.series.isEmpty ? Finding(rule: "", severity: .error, message: "the series block is empty") : nil
        },
        ValidationRule("issues/not-empty") { c in
          c.issues.isEmpty ? Finding(rule: "", severity: .error, message: "there are no issues") : nil
        },
        ValidationRule("series/unique-key") { c in
          finding(duplicates(c.series.map { ($0.key, $0.key) })) {
            "\(Plural.count($0, "series key")) \(Plural.verb($0, "appears", "appear")) more than once"
          }
        },
        ValidationRule("series/key-and-name-not-empty") { c in
          finding(
            c.series.enumerated().filter { $0.element.key.isEmpty || $0.element.name.isEmpty }.map {
              $0.element.key.isEmpty ? "series[\($0.offset)]" : $0.element.key
            }
          ) { "\(Plural.count($0, "series", "series")) \(Plural.verb($0, "has", "have")) an empty key or name" }
        },
        ValidationRule("series/unique-name", .warning) { c in
          finding(duplicates(c.series.map { ($0.key, $0.name) })) {
            "\(Plural.count($0, "series", "series")) \(Plural.verb($0, "shares", "share")) a name with an earlier series: the shelves would look alike"
          }
        },
        ValidationRule("series/unused", .warning) { c in
          let used = Set(c.issues.map(\.series))
          return finding(c.series.map(\.key).filter { !used.contains($0) }) {
            "\(Plural.count($0, "series", "series")) \(Plural.verb($0, "has", "have")) no issues"
          }
        },
        ValidationRule("issues/unique-id") { c in
          finding(duplicates(c.issues.map { ($0.id, $0.id) })) {
            "\(Plural.count($0, "issue id")) \(Plural.verb($0, "appears", "appear")) more than once"
          }
        },
        ValidationRule("issues/id-not-empty") { c in
          finding(c.issues.indices.filter { c.issues[$0].id.isEmpty }.map { "issues[\($0)]" }) {
            "\(Plural.count($0, "issue")) \(Plural.verb($0, "has", "have")) an empty id"
          }
        },
        ValidationRule("issues/known-series") { c in
          let keys = Set(c.series.map(\.key))
          let missing = c.issues.indices.filter { !keys.contains(c.issues[$0].series) }
          return finding(missing.map { c.issues[$0].id }) {
            "\(Plural.count($0, "issue")) \(Plural.verb($0, "names", "name")) a series missing from the series block (\(listed(ordered(missing.map { c.issues[$0].series })))); the app skips them"
          }
        },
        ValidationRule("issues/title-not-empty") { c in
          finding(ids(c.issues) { $0.title.trimmingSpaces.isEmpty }) {
            "\(Plural.count($0, "issue")) \(Plural.verb($0, "has", "have")) an empty title"
          }
        },
        ValidationRule("issues/zip-not-empty") { c in
          finding(ids(c.issues) { $0.zip.isEmpty }) {
            "\(Plural.count($0, "issue")) \(Plural.verb($0, "has", "have")) an empty zip"
          }
        },
        ValidationRule("issues/unique-zip") { c in
          finding(duplicates(c.issues.map { ($0.id, $0.zip) })) {
            "\(Plural.count($0, "issue")) \(Plural.verb($0, "points", "point")) at a zip an earlier issue already points at"
          }
        },
        ValidationRule("issues/relative-paths") { c in
          guard !c.base.isEmpty else { return nil }
          let bad = ids(c.issues) { i in
            !isRelativePath(i.zip) || i.cover.map { !isRelativePath($0) } == true
              || i.thumb.map { !isRelativePath($0) } == true
          }
          return finding(bad) {
            "\(Plural.count($0, "issue")) \(Plural.verb($0, "has", "have")) an absolute zip, cover or thumb although base is '\(c.base)'"
          }
        },
        cleanStringsRule { c in
          [
            (
              "catalogue",
              [("base", c.base)] + c.series.flatMap { s in [("series name", s.name), ("series key", s.key)] }
            )
          ]
            + c.issues.map { i in
              (
                i.id,
                [("id", i.id), ("title", i.title), ("zip", i.zip)]
                  + [("cover", i.cover), ("thumb", i.thumb)].compactMap { f in f.1.map { (f.0, $0) } }
              )
            }
        },
        safePathsRule { c in
          let base: [(String, [(field: String, path: String, hosts: HostAllowlist?)])] =
            c.base.isEmpty ? [] : [("base", [("base", c.base, nil)])]
          return base
            + c.issues.map { i in
              var p: [(field: String, path: String, hosts: HostAllowlist?)] = [("zip", i.zip, allowlist)]
              if let cover = i.cover { p.append(("cover", cover, .covers)) }
              if let thumb = i.thumb { p.append(("thumb", thumb, .covers)) }
              return (i.id, p)
            }
        },
        ValidationRule("issues/download-host") { c in
          var problems: [String] = []
          let bad = ids(c.issues) { i in
            guard !i.zip.isEmpty, let p = allowlist.problem(with: c.base + i.zip) else { return false }
            if !problems.contains(p.description) { problems.append(p.description) }
            return true
          }
          return finding(bad) {
            "\(Plural.count($0, "download URL")) \(Plural.verb($0, "is", "are")) refused: \(listed(problems))"
          }
        },
        ValidationRule("issues/cover-url") { c in
          let bad = ids(c.issues) { i in
            [i.cover, i.thumb].contains { p in p.map { $0.isEmpty || !DownloadURL.isWebURL(c.base + $0) } == true }
          }
          return finding(bad) {
            "\(Plural.count($0, "cover or thumb URL")) \(Plural.verb($0, "does", "do")) not parse as http or https URLs"
          }
        },
        ValidationRule("issues/numbering") { c in
          var problems: [(series: String, text: String)] = []
          for (key, numbers) in grouped(c.issues, by: \.series, \.number) {
            if let p = numberingProblem(numbers, numbering) { problems.append((key, "\(key) (\(p))")) }
          }
          let what = numbering == .strict ? "numbered exactly 1…n" : "numbered with unique positive numbers"
          return finding(problems.map(\.series)) {
            "\(Plural.count($0, "series", "series")) \(Plural.verb($0, "is", "are")) not \(what): \(listed(problems.map(\.text)))"
          }
        },
        ValidationRule("issues/chronology", .warning) { c in
          var breaks: [String] = []
          // The four fields grouped, not whole issues: copying every issue was a tenth of a check.
          for (_, rows) in grouped(c.issues, by: \.series, { ($0.id, $0.number, $0.year, $0.month) }) {
            breaks += chronologyBreaks(rows)
          }
          return finding(breaks) {
            "\(Plural.count($0, "issue")) \(Plural.verb($0, "is", "are")) dated earlier than the issue numbered before them"
          }
        },
        ValidationRule("issues/month-range") { c in
          finding(ids(c.issues) { i in i.month.map { !(1...12).contains($0) } == true }) {
            "\(Plural.count($0, "issue")) \(Plural.verb($0, "has", "have")) a month outside 1…12"
          }
        },
        ValidationRule("issues/month-without-year", .warning) { c in
          finding(ids(c.issues) { $0.month != nil && $0.year == nil }) {
            "\(Plural.count($0, "issue")) \(Plural.verb($0, "has", "have")) a month but no year"
          }
        },
        ValidationRule("issues/positive-bytes") { c in
          finding(ids(c.issues) { i in i.bytes.map { $0 <= 0 } == true }) {
            "\(Plural.count($0, "issue")) \(Plural.verb($0, "has", "have")) bytes of 0 or less (omit the key when the size is unknown)"
          }
        },
        // A warning: the reference's BombJack file ships one `pages : 0` ("N pages" misread).
        ValidationRule("issues/positive-pages", .warning) { c in
          finding(ids(c.issues) { i in i.pages.map { $0 <= 0 } == true }) {
            "\(Plural.count($0, "issue")) \(Plural.verb($0, "has", "have")) pages of 0 or less (omit the key when the count is unknown)"
          }
        },
        ValidationRule("issues/dead-written-as-true") { c in
          finding(ids(c.issues) { $0.dead == false }) {
            "\(Plural.count($0, "issue")) \(Plural.verb($0, "carries", "carry")) dead: false; write dead only as true and omit it otherwise"
          }
        },
        ValidationRule("issues/dead-has-no-bytes") { c in
          finding(ids(c.issues) { $0.dead == true && $0.bytes != nil }) {
            "\(Plural.count($0, "dead issue")) \(Plural.verb($0, "carries", "carry")) bytes; a dead file has no size"
          }
        },
        ValidationRule("issues/live-has-bytes", .warning) { c in
          finding(ids(c.issues) { $0.dead != true && $0.bytes == nil }) {
            "\(Plural.count($0, "live issue")) \(Plural.verb($0, "has", "have")) no size"
          }
        },
      ]
    return chronology ? rules : rules.filter { $0.name != "issues/chronology" }
  }

  /// The ids of the issues `bad` holds for, in file order. By index: `filter` copies every issue
  /// out to test it, and an issue is a dozen strings to retain; a check runs a dozen such rules.
  static func ids(_ issues: [Issue], _ bad: (Issue) -> Bool) -> [String] {
    var out: [String] = []
    for i in issues.indices where bad(issues[i]) { out.append(issues[i].id) }
    return out
  }

  /// Values grouped by a key, groups in first-seen order (so reports are stable).
  static func grouped<T, V>(_ items: [T], by key: (T) -> String, _ value: (T) -> V) -> [(String, [V])] {
    var order: [String] = []
    var groups: [String: [V]] = [:]
    // By index: iterating copies each item out, and an issue is a dozen strings to retain.
    for i in items.indices {
      let k = key(items[i])
      if groups[k] == nil { order.append(k) }
      groups[k, default: []].append(value(items[i]))
    }
    return order.map { ($0, groups[$0] ?? []) }
  }

  /// Distinct values in first-seen order.
  static func ordered(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.filter { seen.insert($0).inserted }
  }
}

extension String {
  /// The string without leading and trailing spaces (CatalogKit avoids Foundation for this).
  var trimmingSpaces: Substring {
    let s = self.drop { $0.isWhitespace }
    return s.dropLast(s.reversed().prefix { $0.isWhitespace }.count)
  }
}
