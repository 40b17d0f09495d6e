import Foundation

extension SharedRules {
  /// The shared rules for the Stripovi shape (catalogue-format §1.3, sources/stripovi.md).
  public static func stripovi(rowCeiling: RowBudget.Ceiling? = nil) -> [ValidationRule<StripoviCatalogue>] {
    RowBudget.rules(ceiling: rowCeiling) { c in
      RowBudget.largest(c.comics.map { $0.series ?? "standalone comics" }, "run")
    } + [
      versionRule(),
      generatedRule(),
      ValidationRule("catalogue/base") { c in
        baseProblem(c.base, emptyAllowed: false).map { Finding(rule: "", severity: .error, message: $0) }
      },
      ValidationRule("comics/not-empty") { c in
        c.comics.isEmpty ? Finding(rule: "", severity: .error, message: "there are no comics") : nil
      },
      ValidationRule("comics/unique-id") { c in
        finding(duplicates(c.comics.map { ("\($0.id)", $0.id) })) {
          "\(Plural.count($0, "comic id")) \(Plural.verb($0, "appears", "appear")) more than once"
        }
      },
      ValidationRule("comics/fields-not-empty") { c in
        finding(
          c.comics.filter { m in
            [m.title, m.cover, m.creators, m.dir, m.prefix, m.ext, m.date].contains { $0.trimmingSpaces.isEmpty }
          }.map { "\($0.id)" }
        ) {
          "\(Plural.count($0, "comic")) \(Plural.verb($0, "has", "have")) an empty title, cover, creators, date, dir, prefix or ext"
        }
      },
      ValidationRule("comics/pages-and-width") { c in
        finding(c.comics.filter { $0.pages <= 0 || $0.width < 1 }.map { "\($0.id)" }) {
          "\(Plural.count($0, "comic")) \(Plural.verb($0, "has", "have")) no pages or a page-number width below 1"
        }
      },
      ValidationRule("comics/relative-paths") { c in
        finding(c.comics.filter { !isRelativePath($0.cover) || !isRelativePath($0.dir) }.map { "\($0.id)" }) {
          "\(Plural.count($0, "comic")) \(Plural.verb($0, "has", "have")) an absolute cover or dir although base is '\(c.base)'"
        }
      },
      cleanStringsRule { c in
        [("catalogue", [("base", c.base)])]
          + c.comics.map { m in
            (
              "\(m.id)",
              [
                ("title", m.title), ("cover", m.cover), ("creators", m.creators), ("date", m.date), ("dir", m.dir),
                ("prefix", m.prefix), ("ext", m.ext),
              ] + [("series", m.series), ("lead", m.lead)].compactMap { f in f.1.map { (f.0, $0) } }
            )
          }
      },
      safePathsRule { c in
        [("base", [("base", c.base, nil)])]
          + c.comics.map { m in
            // A page is `dir/prefix<n>ext`: the prefix and extension must not add a segment of their own.
            let page = m.dir + "/" + m.prefix + "1" + m.ext
            return ("\(m.id)", [("cover", m.cover, .covers), ("dir", m.dir, nil), ("page", page, nil)])
          }
      },
      ValidationRule("comics/page-address") { c in
        finding(
          c.comics.filter { m in
            m.pages > 0 && [1, m.pages].contains { StripoviPage.url(base: c.base, comic: m, page: $0) == nil }
          }.map { "\($0.id)" }
        ) {
          "\(Plural.count($0, "comic")) \(Plural.verb($0, "has", "have")) a page address that is not a valid URL without a query"
        }
      },
      ValidationRule("comics/standalone-number") { c in
        finding(c.comics.filter { $0.series == nil && $0.number != 1 }.map { "\($0.id)" }) {
          "\(Plural.count($0, "standalone comic")) \(Plural.verb($0, "has", "have")) a number other than 1"
        }
      },
      ValidationRule("comics/numbering") { c in
        var problems: [(series: String, text: String)] = []
        for (name, numbers) in grouped(c.comics.filter { $0.series != nil }, by: { $0.series ?? "" }, \.number) {
          if let p = numberingProblem(numbers, .strict) { problems.append((name, "\(name) (\(p))")) }
        }
        return finding(problems.map(\.series)) {
          "\(Plural.count($0, "run")) \(Plural.verb($0, "is", "are")) not numbered exactly 1…k: \(listed(problems.map(\.text)))"
        }
      },
      ValidationRule("comics/date-format", .warning) { c in
        finding(c.comics.filter { !StripoviPage.isSiteDate($0.date) }.map { "\($0.id)" }) {
          "\(Plural.count($0, "comic")) \(Plural.verb($0, "has", "have")) a date not in the site's d.m.yyyy. [HH:MM:SS] form"
        }
      },
    ]
  }
}

/// Page addresses of a Stripovi comic (catalogue-format §1.3).
public enum StripoviPage {
  /// `base + dir + "/" + prefix + zeroPad(n, width) + ext`, path percent-encoded; nil outside
  /// 1…pages, or when the result is not a URL without a query.
  public static func url(base: String, comic: Comic, page n: Int) -> URL? {
    guard (1...max(comic.pages, 1)).contains(n), comic.pages > 0 else { return nil }
    let digits = String(n)
    let padded = String(repeating: "0", count: max(0, comic.width - digits.count)) + digits
    let path = comic.dir + "/" + comic.prefix + padded + comic.ext
    guard let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed),
      let url = URL(string: base + encoded), url.query == nil, url.host != nil
    else { return nil }
    return url
  }

  /// `13.4.2010.` or `13.4.2010. 13:47:08`.
  static func isSiteDate(_ s: String) -> Bool {
    let parts = s.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 1 || parts.count == 2 else { return false }
    let d = parts[0].split(separator: ".", omittingEmptySubsequences: false)
    guard d.count == 4, d[3].isEmpty, d[0].count <= 2, d[1].count <= 2, d[2].count == 4,
      d[0...2].allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigitish) })
    else { return false }
    if parts.count == 2 {
      let t = parts[1].split(separator: ":", omittingEmptySubsequences: false)
      return t.count == 3 && t.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isASCIIDigitish) }
    }
    return true
  }
}

extension Character {
  fileprivate var isASCIIDigitish: Bool { ("0"..."9").contains(self) }
}
