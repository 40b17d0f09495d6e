extension SharedRules {
  /// The magazines the PopBoks shape knows, with how each numbers its issues (catalogue-format §1.2).
  public static let popboksMagazines = ["dzuboks", "ritam"]

  /// The shared rules for the PopBoks shape. Džuboks numbers are the printed numbers (= `id`, with
  /// gaps); Ritam is numbered 1…n in running order. Year windows and counts are the source's rules.
  public static func popboks(rowCeiling: RowBudget.Ceiling? = nil) -> [ValidationRule<PopBoksCatalogue>] {
    // One magazine per file: the years are its only groups.
    RowBudget.rules(ceiling: rowCeiling) { c in RowBudget.largest(c.issues.map { "\($0.year)" }, "year") } + [
      versionRule(),
      generatedRule(),
      ValidationRule("catalogue/base") { c in
        baseProblem(c.base, emptyAllowed: false).map { Finding(rule: "", severity: .error, message: $0) }
      },
      // PopBoks stores no paths: pages are addressed from the base, the magazine and integer ids.
      safePathsRule { c in [("base", [("base", c.base, nil), ("magazine", c.magazine, nil)])] },
      cleanStringsRule { c in
        [("catalogue", [("base", c.base), ("magazine", c.magazine)])]
          + c.issues.map { i in ("\(i.id)", [("title", i.title), ("label", i.label)]) }
      },
      ValidationRule("popboks/magazine") { c in
        popboksMagazines.contains(c.magazine)
          ? nil
          : Finding(
            rule: "", severity: .error,
            message: "magazine '\(c.magazine)' is not one of \(popboksMagazines.joined(separator: ", "))")
      },
      ValidationRule("issues/not-empty") { c in
        c.issues.isEmpty ? Finding(rule: "", severity: .error, message: "there are no issues") : nil
      },
      ValidationRule("issues/unique-id") { c in
        finding(duplicates(c.issues.map { ("\($0.id)", $0.id) })) {
          "\(Plural.count($0, "issue id")) \(Plural.verb($0, "appears", "appear")) more than once"
        }
      },
      ValidationRule("issues/unique-number") { c in
        finding(duplicates(c.issues.map { ("\($0.id)", $0.number) })) {
          "\(Plural.count($0, "issue number")) \(Plural.verb($0, "appears", "appear")) more than once"
        }
      },
      ValidationRule("issues/title-not-empty") { c in
        finding(
          c.issues.filter { $0.title.trimmingSpaces.isEmpty || $0.label.trimmingSpaces.isEmpty }.map { "\($0.id)" }
        ) { "\(Plural.count($0, "issue")) \(Plural.verb($0, "has", "have")) an empty title or label" }
      },
      ValidationRule("issues/pages") { c in
        finding(c.issues.filter { $0.pages <= 0 || $0.firstPage < 1 }.map { "\($0.id)" }) {
          "\(Plural.count($0, "issue")) \(Plural.verb($0, "has", "have")) no pages or a first page below 1"
        }
      },
      ValidationRule("issues/tiles") { c in
        finding(c.issues.filter { $0.columns <= 0 || $0.rows <= 0 }.map { "\($0.id)" }) {
          "\(Plural.count($0, "issue")) \(Plural.verb($0, "has", "have")) no tiles at all (columns or rows of 0)"
        }
      },
      ValidationRule("issues/month-range") { c in
        finding(c.issues.filter { i in i.month.map { !(1...12).contains($0) } == true }.map { "\($0.id)" }) {
          "\(Plural.count($0, "issue")) \(Plural.verb($0, "has", "have")) a month outside 1…12"
        }
      },
      ValidationRule("issues/numbering") { c in
        switch c.magazine {
        case "ritam":
          return numberingProblem(c.issues.map(\.number), .strict).map {
            Finding(rule: "", severity: .error, message: "Ritam is not numbered exactly 1…n: \($0)")
          }
        case "dzuboks":
          return finding(c.issues.filter { $0.number != $0.id }.map { "\($0.id)" }) {
            "\(Plural.count($0, "Džuboks issue")) \(Plural.verb($0, "has", "have")) a number other than their id (the printed number)"
          }
        default:
          return nil
        }
      },
      ValidationRule("issues/sorted-by-number") { c in
        let out = c.issues.indices.dropFirst().filter { c.issues[$0].number < c.issues[$0 - 1].number }
        return finding(out.map { "\(c.issues[$0].id)" }) {
          "\(Plural.count($0, "issue")) \(Plural.verb($0, "comes", "come")) after a higher number"
        }
      },
      ValidationRule("issues/chronology", .warning) { c in
        finding(chronologyBreaks(c.issues.map { ("\($0.id)", $0.number, $0.year, $0.month) })) {
          "\(Plural.count($0, "issue")) \(Plural.verb($0, "is", "are")) dated earlier than the issue numbered before them"
        }
      },
    ]
  }
}
