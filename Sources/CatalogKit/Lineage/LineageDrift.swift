import Foundation

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
    compare(
      previous: LineageYields(previous, file: file, plan: plan), new: LineageYields(new, file: file, plan: plan),
      plan: plan)
  }

  /// The same from the two builds' yields: what the cache keeps of the last build, so a build
  /// compares without reading last week's whole lineage.
  public static func compare(previous before: LineageYields, new now: LineageYields, plan: LineagePlan) -> [Finding] {
    var findings: [Finding] = []
    var yieldFound = Set<String>()
    let current = Dictionary(now.pages.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    for k in plan.kinds where k.listing {
      for page in before.pages.filter({ $0.kind == k.name }).sorted(by: { $0.url < $1.url }) {
        let last = page.rows
        guard last >= smallestYield else { continue }
        // A page that no longer answers 200 (or was not asked) is another rule's business.
        guard let mine = current[page.key], mine.status == 200 else { continue }
        let this = mine.rows
        guard Double(this) < Double(last) * yieldShare else { continue }
        yieldFound.insert(k.name)
        let gone = firstFieldGone(before: page.fields, now: mine.fields, order: k.fields)
        findings.append(
          Finding(
            rule: "drift/yield", severity: plan.driftSeverity,
            message: "\(page.url) (\(k.name)) still answers 200 but yields \(Plural.count(this, "row")), "
              + "\(last) last build" + (gone.map { "; first field gone: \($0)" } ?? ""),
            records: [], count: last - this))
      }
    }
    for k in plan.kinds {
      let last = before.fieldsByKind[k.name] ?? [:]
      let this = now.fieldsByKind[k.name] ?? [:]
      // Only a kind the build still read, and that still answered, can have come back empty.
      guard ((k.fieldsFromAnyStatus ? now.answersByKind : now.okByKind)[k.name] ?? 0) > 0 else { continue }
      // A listing kind that gives no row at all now is said by its pages' yield findings already.
      if yieldFound.contains(k.name), this.values.allSatisfy({ $0 == 0 }) { continue }
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

}

/// What drift compares, counted from one catalogue's lineage: each listing page's rows and the
/// fields it gave, and per page kind the fields given and the answers read. Small (a line per
/// listing page), so the cache keeps it beside the lineage.
public struct LineageYields: Codable, Sendable, Equatable {
  public struct Page: Codable, Sendable, Equatable {
    public var kind: String
    public var url: String
    public var status: Int?
    public var rows: Int
    public var fields: [String: Int]

    var key: String { kind + " " + url }
  }

  public var pages: [Page] = []
  public var fieldsByKind: [String: [String: Int]] = [:]
  public var answersByKind: [String: Int] = [:]
  /// Answers that said 200: a GET gives fields only then.
  public var okByKind: [String: Int] = [:]

  public init() {}

  public init(_ lineage: LineageFile, file: String, plan: LineagePlan) {
    // Counted in arrays by answer number and by the field's place in its kind's list (a field an
    // answer gave is one its kind lists): a walk's lineage has tens of thousands of rows, and a
    // dictionary per answer was most of what counting cost.
    let answers = lineage.answers
    var kindOf = [Int](repeating: -1, count: answers.count)
    var lastKind = (name: "", index: -1)
    // By place, each value read where it lies: a loop over the elements copied every answer and
    // row whole (a retain and a release for each of their strings), a third of this count.
    for n in answers.indices {
      if answers[n].kind != lastKind.name { lastKind = (answers[n].kind, plan.index(of: answers[n].kind) ?? -1) }
      kindOf[n] = lastKind.index
    }
    var rows = [Int](repeating: 0, count: answers.count)
    var lastRow = [Int](repeating: -1, count: answers.count)
    var byKind = plan.kinds.map { [Int](repeating: 0, count: $0.fields.count) }
    var byPage = [[Int]?](repeating: nil, count: answers.count)
    for r in lineage.rows.indices where lineage.rows[r].file == file {
      func counted(_ n: Int) {
        if lastRow[n] != r {
          lastRow[n] = r
          rows[n] += 1
        }
      }
      for (field, origin) in lineage.rows[r].fields {
        // A field several answers give together counts once for their kind, by the first.
        let n: Int
        switch origin {
        case .answer(let one):
          guard answers.indices.contains(one) else { continue }
          counted(one)
          n = one
        case .answers(let several):
          guard let first = several.first, several.allSatisfy(answers.indices.contains) else { continue }
          for m in several { counted(m) }
          n = first
        case .tool, .previous: continue
        }
        let k = kindOf[n]
        guard k >= 0, let f = plan.kinds[k].fields.firstIndex(of: field) else { continue }
        byKind[k][f] += 1
        if plan.kinds[k].listing {
          if byPage[n] == nil { byPage[n] = [Int](repeating: 0, count: byKind[k].count) }
          byPage[n]![f] += 1
        }
      }
    }
    func named(_ counts: [Int], _ k: Int) -> [String: Int] {
      var out: [String: Int] = [:]
      for (f, c) in counts.enumerated() where c > 0 { out[plan.kinds[k].fields[f]] = c }
      return out
    }
    for (k, counts) in byKind.enumerated() where counts.contains(where: { $0 > 0 }) {
      fieldsByKind[plan.kinds[k].name] = named(counts, k)
    }
    // Listing pages mostly give the same counts (a walk page lists one file, all its fields): each
    // distinct count is named once and its table shared, not built anew for each of thousands.
    var namedOnce: [[Int]: [String: Int]] = [:]
    func pageFields(_ counts: [Int], _ k: Int) -> [String: Int] {
      let key = counts + [k]
      if let known = namedOnce[key] { return known }
      let made = named(counts, k)
      namedOnce[key] = made
      return made
    }
    // Every answer the build read counts, also a page that gave no row (its yield is zero).
    // Counted by the kind's place in the plan, named once at the end; a kind the plan does not
    // list (none a build tags) by its name.
    var (answered, ok) = ([Int](repeating: 0, count: plan.kinds.count), [Int](repeating: 0, count: plan.kinds.count))
    for n in answers.indices {
      let k = kindOf[n]
      guard k >= 0 else {
        answersByKind[answers[n].kind, default: 0] += 1
        if answers[n].status == 200 { okByKind[answers[n].kind, default: 0] += 1 }
        continue
      }
      answered[k] += 1
      if answers[n].status == 200 { ok[k] += 1 }
      guard plan.kinds[k].listing else { continue }
      pages.append(
        Page(
          kind: answers[n].kind, url: answers[n].url, status: answers[n].status, rows: rows[n],
          fields: byPage[n].map { pageFields($0, k) } ?? [:]))
    }
    for k in plan.kinds.indices {
      if answered[k] > 0 { answersByKind[plan.kinds[k].name, default: 0] += answered[k] }
      if ok[k] > 0 { okByKind[plan.kinds[k].name, default: 0] += ok[k] }
    }
  }
}

extension LineageYields {
  /// Reads what `MachineJSON` wrote of the yields (the cache's `<catalogue>.yields.json`), or nil
  /// when it is not that: a damaged file means no previous yields, so no drift, never a failed build.
  /// Read through `JSONSerialization` rather than `Codable`, whose first use in a process cost a
  /// warm rebuild more than the counting.
  public static func decode(_ bytes: [UInt8]) -> LineageYields? {
    guard let o = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any],
      let pages = o["pages"] as? [[String: Any]], let byKind = o["fieldsByKind"] as? [String: [String: Int]],
      let answers = o["answersByKind"] as? [String: Int], let ok = o["okByKind"] as? [String: Int]
    else { return nil }
    var out = LineageYields()
    for p in pages {
      guard let kind = p["kind"] as? String, let url = p["url"] as? String, let rows = p["rows"] as? Int,
        let fields = p["fields"] as? [String: Int]
      else { return nil }
      out.pages.append(Page(kind: kind, url: url, status: p["status"] as? Int, rows: rows, fields: fields))
    }
    out.fieldsByKind = byKind
    out.answersByKind = answers
    out.okByKind = ok
    return out
  }
}
