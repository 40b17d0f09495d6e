/// Drift alarms: this build's lineage against the previous build's, page by page. A listing page
/// that still answers 200 but yields far fewer rows (or none), or a page kind whose field came back
/// empty everywhere it was filled, is the first sign of a markup change, before a shrink or a
/// threshold sees the loss downstream.
public enum LineageDrift {
  /// A page yields "far fewer" rows when it keeps under this share of its previous yield.
  public static let yieldShare = 0.5
  /// Pages that yielded fewer rows than this are too small to judge (a yearly page of two issues).
  public static let smallestYield = 4

  /// `drift/yield` and `drift/fields` findings for one catalogue file (none when there is no
  /// previous lineage for it).
  public static func compare(previous: LineageFile, new: LineageFile, file: String, plan: LineagePlan) -> [Finding] {
    let before = Yields(previous, file: file)
    let now = Yields(new, file: file)
    guard !before.rowsByPage.isEmpty || !before.fieldsByKind.isEmpty else { return [] }
    var findings: [Finding] = []
    for k in plan.kinds where k.listing {
      for (page, lastRows) in before.rowsByPage.filter({ $0.key.kind == k.name }).sorted(by: { $0.key.url < $1.key.url }
      ) {
        let last = lastRows.count
        guard last >= smallestYield else { continue }
        // A page that no longer answers 200 (or was not asked) is another rule's business.
        guard let status = now.status[page], status == 200 else { continue }
        let this = now.rowsByPage[page]?.count ?? 0
        guard Double(this) < Double(last) * yieldShare else { continue }
        let lostIDs = lastRows.subtracting(now.rowsByPage[page] ?? [])
        let gone = firstFieldGone(
          before: before.fieldsByPage[page] ?? [:], now: now.fieldsByPage[page] ?? [:], order: k.fields)
        findings.append(
          Finding(
            rule: "drift/yield", severity: plan.driftSeverity,
            message: "\(page.url) (\(k.name)) still answers 200 but yields \(Plural.count(this, "row")), "
              + "\(last) last build" + (gone.map { "; first field gone: \($0)" } ?? ""),
            records: lostIDs.sorted()))
      }
    }
    for k in plan.kinds {
      let last = before.fieldsByKind[k.name] ?? [:]
      let this = now.fieldsByKind[k.name] ?? [:]
      // Only a kind the build still read, and that still answered, can have come back empty.
      guard ((k.fieldsFromAnyStatus ? now.answersByKind : now.okByKind)[k.name] ?? 0) > 0 else { continue }
      let emptied = k.fields.filter { (last[$0] ?? 0) >= smallestYield && (this[$0] ?? 0) == 0 }
      guard let first = emptied.first else { continue }
      findings.append(
        Finding(
          rule: "drift/fields", severity: plan.driftSeverity,
          message:
            "\(k.name) pages gave \(first) to \(Plural.count(last[first] ?? 0, "row")) last build and to none now"
            + (emptied.count > 1 ? " (also gone: \(emptied.dropFirst().joined(separator: ", ")))" : "")
            + "; the page's markup or its parser changed",
          records: [], count: last[first] ?? 0))
    }
    return findings
  }

  /// The first field, in the kind's declared order, that the page gave before and gives no row now
  /// (every field, when the page gives no row at all); nil when the rows it still gives kept them all.
  static func firstFieldGone(before: [String: Int], now: [String: Int], order: [String]) -> String? {
    order.first { (before[$0] ?? 0) > 0 && (now[$0] ?? 0) == 0 }
  }

  struct Page: Hashable {
    var kind: String
    var url: String
  }

  /// One lineage file counted by page and by kind.
  struct Yields {
    var rowsByPage: [Page: Set<String>] = [:]
    var fieldsByPage: [Page: [String: Int]] = [:]
    var fieldsByKind: [String: [String: Int]] = [:]
    var answersByKind: [String: Int] = [:]
    /// Answers that said 200: a GET gives fields only then.
    var okByKind: [String: Int] = [:]
    var status: [Page: Int] = [:]

    init(_ lineage: LineageFile, file: String) {
      for row in lineage.rows where row.file == file {
        for (field, origin) in row.fields {
          guard case .answer(let n) = origin, lineage.answers.indices.contains(n) else { continue }
          let a = lineage.answers[n]
          let page = Page(kind: a.kind, url: a.url)
          rowsByPage[page, default: []].insert(row.id)
          fieldsByPage[page, default: [:]][field, default: 0] += 1
          fieldsByKind[a.kind, default: [:]][field, default: 0] += 1
        }
      }
      // Every answer the build read counts, also a page that gave no row (its yield is zero).
      for a in lineage.answers {
        status[Page(kind: a.kind, url: a.url)] = a.status
        answersByKind[a.kind, default: 0] += 1
        if a.status == 200 { okByKind[a.kind, default: 0] += 1 }
      }
    }
  }
}
