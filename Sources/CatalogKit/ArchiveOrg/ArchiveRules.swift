import Foundation

/// archive-build's own checks before writing (the shared rules cover ids, series and numbering).
public enum ArchiveRules {
  /// The longest shipped archive.org run stays below 700 issues.
  public static let plausibility = Plausibility(source: "archive", numbers: 1...5_000)

  /// - Parameter expectedIssues: the number of configured identifiers; the catalogue must hold each.
  public static func rules(expectedIssues: Int) -> [ValidationRule<IssueCatalogue>] {
    plausibility.issueRules() + [
      ValidationRule("archive/issue-count") { c in
        c.issues.count == expectedIssues
          ? nil
          : Finding(
            rule: "", severity: .error,
            message:
              "expected \(Plural.count(expectedIssues, "issue")) (one per configured identifier), built \(c.issues.count)"
          )
      },
      ValidationRule("archive/sized-and-paged") { c in
        let bad = c.issues.filter { ($0.bytes ?? 0) <= 0 || ($0.pages ?? 0) <= 0 }.map(\.id)
        return bad.isEmpty
          ? nil : Finding(rule: "", severity: .error, message: "issues without bytes or pages", records: bad)
      },
      ValidationRule("archive/zip-is-the-scan-pdf") { c in
        let bad = c.issues.filter {
          let z = $0.zip.lowercased()
          return !z.hasSuffix(".pdf") || z.hasSuffix("_text.pdf")
        }.map(\.id)
        return bad.isEmpty
          ? nil
          : Finding(rule: "", severity: .error, message: "zip is not an image PDF (.pdf, not _text.pdf)", records: bad)
      },
      ValidationRule("archive/zip-host") { c in
        let bad = c.issues.filter { URL(string: c.base + $0.zip)?.host?.lowercased() != "archive.org" }.map(\.id)
        return bad.isEmpty
          ? nil : Finding(rule: "", severity: .error, message: "download host is not archive.org", records: bad)
      },
      ValidationRule("archive/cover-is-first-page") { c in
        let bad = c.issues.filter { $0.cover != ArchivePath.cover(identifier: $0.id) }.map(\.id)
        return bad.isEmpty
          ? nil : Finding(rule: "", severity: .error, message: "cover is not <id>/page/n0_w1024.jpg", records: bad)
      },
      ValidationRule("archive/dated") { c in
        let bad = c.issues.filter { $0.title.isEmpty || $0.year == nil || $0.month == nil }.map(\.id)
        return bad.isEmpty
          ? nil : Finding(rule: "", severity: .error, message: "issues without title, year or month", records: bad)
      },
    ]
  }
}
