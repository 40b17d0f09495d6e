import Foundation

/// The checks a Stripovi catalogue must pass before it is written (spec: sources/stripovi.md,
/// "Validation before writing"; the reference had none).
public enum StripoviRules {
  /// Comics run to a few hundred pages at most; page 0 is no comic.
  public static let plausibility = Plausibility(
    source: "stripovi", numbers: 1...1_000, pages: 1...Plausibility.maximumPages)

  /// - Parameter minimumComics: the previous catalogue's count; a drop almost always means a broken
  ///   parse, not a shrinking site.
  public static func rules(minimumComics: Int) -> [ValidationRule<StripoviCatalogue>] {
    plausibility.stripoviRules() + [
      ValidationRule("stripovi/not-empty") { c in c.comics.isEmpty ? finding("the catalogue lists no comics") : nil },
      ValidationRule("stripovi/unique-id") { c in
        var seen = Set<Int>()
        let d = c.comics.map(\.id).filter { !seen.insert($0).inserted }
        return d.isEmpty ? nil : finding("ids are listed more than once", d)
      },
      ValidationRule("stripovi/pages") { c in
        let bad = c.comics.filter { $0.pages <= 0 }
        return bad.isEmpty ? nil : finding("comics have no pages", bad.map(\.id))
      },
      ValidationRule("stripovi/shelf-fields") { c in
        let bad = c.comics.filter { $0.cover.isEmpty || $0.creators.isEmpty || $0.date.isEmpty }
        return bad.isEmpty
          ? nil
          : finding(
            "comics have no cover, creators or date: the reader page does not show them and no previous catalogue lists them",
            bad.map(\.id))
      },
      ValidationRule("stripovi/page-rule") { c in
        let bad = c.comics.filter { $0.width < 1 || $0.dir.isEmpty || $0.prefix.isEmpty || $0.ext.isEmpty }
        return bad.isEmpty ? nil : finding("comics have an incomplete page-address rule", bad.map(\.id))
      },
      ValidationRule("stripovi/page-addresses") { c in
        let bad = c.comics.filter { !addressesAreValid($0, base: c.base) }
        return bad.isEmpty
          ? nil
          : finding("comics have a page address that does not parse, leaves the host or has a query", bad.map(\.id))
      },
      ValidationRule("stripovi/runs") { c in
        var bad: [Int] = []
        for c in c.comics where c.series == nil && c.number != 1 { bad.append(c.id) }
        let runs = Dictionary(grouping: c.comics.filter { $0.series != nil }, by: { $0.series ?? "" })
        for (name, episodes) in runs {
          if episodes.map(\.number).sorted() != Array(1...episodes.count) { bad += episodes.map(\.id) }
          bad += episodes.filter { $0.title.localizedCaseInsensitiveContains(name) }.map(\.id)
        }
        return bad.isEmpty
          ? nil
          : finding(
            "runs must be numbered 1…k, standalone comics 1, and no episode title may repeat its run name", bad.sorted()
          )
      },
      // A threshold: a partial (`--only`) build reports it instead of refusing.
      SharedRules.countFloor("minimum-comics", .atLeast(minimumComics), noun: "comic") { _ in
        "the previous catalogue listed more; a drop almost always means a broken parse"
      },
    ]
  }

  static func addressesAreValid(_ c: Comic, base: String) -> Bool {
    let rule = StripoviPageRule(dir: c.dir, prefix: c.prefix, width: c.width, ext: c.ext)
    guard rule.url(page: 0, pages: c.pages, base: base) == nil,
      rule.url(page: c.pages + 1, pages: c.pages, base: base) == nil
    else { return false }
    for n in stride(from: 1, through: c.pages, by: 1) {
      guard let s = rule.url(page: n, pages: c.pages, base: base), let u = URLComponents(string: s),
        u.host == StripoviReaderPage.host, u.query == nil, u.fragment == nil
      else { return false }
    }
    return true
  }

  static func finding(_ message: String, _ ids: [Int] = []) -> Finding {
    Finding(rule: "", severity: .error, message: message, records: ids.map(String.init), count: ids.count)
  }
}
