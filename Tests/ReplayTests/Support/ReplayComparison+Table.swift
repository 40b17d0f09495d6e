import CatalogKit
import Foundation

extension ReplayComparison {
  /// The printed report: what was compared, a per-field table, the differences grouped by the rule
  /// that explains them (with examples), every unexplained difference, and the notes.
  /// `REPLAY_ALL=1` in the environment lists every explained difference too.
  func render() -> String {
    var out: [String] = []
    let bar = String(repeating: "=", count: 100)
    out.append(bar)
    out.append("replay \(source)  (reference: reference-catalogs/\(referenceFile))")

    let kinds = ReplayRecord.Kind.allCases
    func count(_ kind: ReplayRecord.Kind) -> Int { pairs.filter { ($0.reference ?? $0.built)?.kind == kind }.count }
    let compared = kinds.compactMap { k in count(k) > 0 ? "\(k.rawValue) \(count(k))" : nil }
    let left = kinds.compactMap { k in outside[k].map { "\(k.rawValue) \($0)" } }
    out.append("compared: " + compared.joined(separator: ", "))
    out.append(
      "outside the corpus (not compared): " + (left.isEmpty ? "none" : left.joined(separator: ", ")))
    let differing = Set(differences.map { $0.difference.kind.rawValue + "/" + $0.difference.key })
    out.append("records identical: \(pairs.count - differing.count) of \(pairs.count)")
    out.append("")

    // Per field: how many compared pairs carry it, how many agree, how the rest are classified.
    var fieldTable = TextTable(
      header: ["field", "compared", "same", "differ", "partial corpus", "improvement", "UNEXPLAINED"])
    var fields: [String: (compared: Int, differ: Int, partial: Int, improvement: Int, unexplained: Int)] = [:]
    for pair in pairs {
      guard let kind = (pair.reference ?? pair.built)?.kind else { continue }
      // A record on one side only is one difference in `record`; its fields are not compared.
      guard let b = pair.built, let r = pair.reference else {
        fields[kind.rawValue + ".record", default: (0, 0, 0, 0, 0)].compared += 1
        continue
      }
      for n in Set(b.fields.keys).union(r.fields.keys) {
        fields[kind.rawValue + "." + n, default: (0, 0, 0, 0, 0)].compared += 1
      }
    }
    for c in differences {
      let f = c.difference.qualifiedField
      fields[f, default: (0, 0, 0, 0, 0)].differ += 1
      switch c.explanation?.kind {
      case .partialCorpus?: fields[f]?.partial += 1
      case .improvement?: fields[f]?.improvement += 1
      case nil: fields[f]?.unexplained += 1
      }
    }
    for (name, f) in fields.sorted(by: { $0.key < $1.key }) {
      fieldTable.append([
        name, "\(f.compared)", "\(f.compared - f.differ)", "\(f.differ)", "\(f.partial)", "\(f.improvement)",
        "\(f.unexplained)",
      ])
    }
    out.append(fieldTable.render(indent: "  "))
    out.append("")

    // Explained differences, one line per (rule, field), with a few examples.
    let verbose = ProcessInfo.processInfo.environment["REPLAY_ALL"] == "1"
    var groups: [(rule: ReplayExplanation, field: String, items: [ReplayDifference])] = []
    for c in differences {
      guard let e = c.explanation else { continue }
      if let i = groups.firstIndex(where: { $0.rule.rule == e.rule && $0.field == c.difference.qualifiedField }) {
        groups[i].items.append(c.difference)
      } else {
        groups.append((e, c.difference.qualifiedField, [c.difference]))
      }
    }
    if groups.isEmpty {
      out.append("explained differences: none")
    } else {
      out.append("explained differences:")
      var t = TextTable(
        header: ["rule", "kind", "field", "count", "key", "built", "reference"], leftAligned: [0, 1, 2, 4, 5, 6])
      for g in groups {
        let examples = verbose ? g.items : Array(g.items.prefix(3))
        for (n, d) in examples.enumerated() {
          t.append(
            n == 0
              ? [
                g.rule.rule, g.rule.kind.rawValue, g.field, "\(g.items.count)", d.key, Self.cell(d.built),
                Self.cell(d.reference),
              ]
              : ["", "", "", "", d.key, Self.cell(d.built), Self.cell(d.reference)])
        }
        if !verbose && g.items.count > examples.count {
          t.append(["", "", "", "", "… \(g.items.count - examples.count) more", "", ""])
        }
      }
      out.append(t.render(indent: "  "))
      out.append("  why:")
      var seen = Set<String>()
      for g in groups where seen.insert(g.rule.rule).inserted {
        out.append("    \(g.rule.rule): \(g.rule.reason)")
      }
    }
    let unused = explanations.filter { e in !groups.contains { $0.rule.rule == e.rule } }.map(\.rule)
    if !unused.isEmpty { out.append("  rules that claimed nothing this run: " + unused.joined(separator: ", ")) }
    out.append("")

    let u = unexplained
    if u.isEmpty {
      out.append("UNEXPLAINED differences: none")
    } else {
      out.append("UNEXPLAINED differences: \(u.count)  <-- the replay fails")
      var t = TextTable(header: ["kind", "key", "field", "built", "reference"], leftAligned: [0, 1, 2, 3, 4])
      for d in u { t.append([d.kind.rawValue, d.key, d.field, Self.cell(d.built), Self.cell(d.reference)]) }
      out.append(t.render(indent: "  "))
    }
    if !notes.isEmpty {
      out.append("notes:")
      for n in notes { out.append("  - " + n) }
    }
    out.append(bar)
    return out.joined(separator: "\n")
  }

  /// A field value as the table shows it: JSON-like, `—` when absent, long strings cut.
  static func cell(_ v: FieldValue?) -> String {
    guard let v else { return "—" }
    let s = v.description
    return s.count > 48 ? String(s.prefix(45)) + "…\"" : s
  }
}
