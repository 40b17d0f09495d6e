import Foundation

/// The Spectrum catalogues' own checks, on top of the shared rules (which the runner adds).
public enum SpectrumRules {
  /// The longest shipped Spectrum run stays below 700 issues.
  public static let plausibility = Plausibility(source: "spectrum", numbers: 1...5_000)

  /// The reference refused to write below 90 % sized rows (sized × 10 ≥ count × 9).
  public static let defaultSizedShare = 0.9

  public static func rules(sizedShare: Double = defaultSizedShare) -> [ValidationRule<IssueCatalogue>] {
    plausibility.issueRules() + [
      ValidationRule("spectrum/not-empty") { c in
        c.issues.isEmpty ? Finding(rule: "", severity: .error, message: "refusing to write an empty catalogue") : nil
      },
      ValidationRule("spectrum/unique-id") { c in
        let dupes = duplicates(c.issues.map(\.id))
        return dupes.isEmpty ? nil : Finding(rule: "", severity: .error, message: "ids are not unique", records: dupes)
      },
      ValidationRule("spectrum/unique-zip") { c in
        let dupes = duplicates(c.issues.map(\.zip))
        return dupes.isEmpty
          ? nil : Finding(rule: "", severity: .error, message: "two rows point at the same file", records: dupes)
      },
      ValidationRule("spectrum/series-present") { c in
        let keys = Set(c.series.map(\.key))
        let bad = c.issues.filter { !keys.contains($0.series) }.map(\.id)
        return bad.isEmpty
          ? nil : Finding(rule: "", severity: .error, message: "issues name a missing series", records: bad)
      },
      ValidationRule("spectrum/titles-and-zips") { c in
        let bad = c.issues.filter { $0.title.isEmpty || $0.zip.isEmpty }.map(\.id)
        return bad.isEmpty ? nil : Finding(rule: "", severity: .error, message: "empty title or zip", records: bad)
      },
      ValidationRule("spectrum/numbered-1-to-n") { c in
        var numbers: [String: [Int]] = [:]
        for i in c.issues { numbers[i.series, default: []].append(i.number) }
        let bad = numbers.filter { $0.value.sorted() != Array(1...$0.value.count) }.keys.sorted()
        return bad.isEmpty
          ? nil : Finding(rule: "", severity: .error, message: "series not numbered exactly 1…n", records: bad)
      },
      ValidationRule("spectrum/relative-archive-zips") { c in
        let bad = c.issues.filter { i in
          i.zip.hasPrefix("http") || URL(string: c.base + i.zip)?.host?.lowercased() != "archive.org"
        }.map(\.id)
        return bad.isEmpty
          ? nil
          : Finding(rule: "", severity: .error, message: "zip is absolute or not on archive.org", records: bad)
      },
      ValidationRule("threshold/sized-share") { c in
        let sized = c.issues.filter { ($0.bytes ?? 0) > 0 }.count
        guard Double(sized) < sizedShare * Double(c.issues.count) else { return nil }
        let unsized = c.issues.filter { ($0.bytes ?? 0) <= 0 }.map(\.id)
        return Finding(
          rule: "", severity: .error,
          message: "only \(sized) of \(c.issues.count) rows have a size (needs \(Int(sizedShare * 100)) %)",
          records: unsized, count: unsized.count)
      },
    ]
  }

  private static func duplicates(_ values: [String]) -> [String] {
    var seen: Set<String> = []
    var dupes: [String] = []
    for v in values where !seen.insert(v).inserted { dupes.append(v) }
    return dupes
  }
}
