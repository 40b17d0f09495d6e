import CatalogKit
import Foundation

/// The review page `catalog report` writes: one self-contained HTML file per rebuild (no script,
/// no outside file: it opens from a CI artifact as it is). It holds the per-file table, the findings,
/// the diff against the shipped catalogues folded per series, requests per source, the tools'
/// warnings and errors, and inline SVG charts of each file's issues, dead and unsized counts over
/// past rebuilds. Written as polyglot markup (every element closed, every attribute quoted, every
/// text escaped), so an XML parser reads it as well as a browser.
struct ReviewPage {
  /// One file's comparison with the shipped catalogue of the same name.
  struct FileDiff {
    var file: String
    /// Nil when one side is missing or unreadable (`note` says which).
    var diff: CatalogueDiff?
    var note: String?
  }

  var report: RebuildReport
  var diffs: [FileDiff]
  var history: [RebuildHistory.Entry]
  /// The folder the diff's old side came from, as given (`catalogs`).
  var baselineName: String
  /// The link to a tool's own report, from the path the build report records (relative to the build
  /// report's folder): `catalog report` makes it relative to the page's own folder, wherever
  /// `--output` puts the page.
  var reportHref: (String) -> String = { $0 }
  /// The previous and this build's lineage, for the evidence under each changed row.
  var evidence = ReviewEvidence()

  /// The statuses of a file that was built in this run; any other (not run, incomplete, failed,
  /// refused, withheld, skipped) left the file the folder already held.
  static let rebuiltStatuses: Set<String> = ["written", "unchanged"]

  /// The records shown per series in the folded diff; the rest are counted.
  static let recordsShown = 50

  func render() -> String {
    var h = HTMLText()
    h.raw("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n")
    h.raw("<meta charset=\"utf-8\" />\n")
    h.element("title", "Shelfmark rebuild \(report.date)")
    h.raw("<style>\n\(Self.css)\n</style>\n</head>\n<body>\n")
    header(&h)
    totals(&h)
    diffSection(&h)
    findings(&h)
    filesTable(&h)
    requests(&h)
    charts(&h)
    toolLines(&h)
    h.raw("</body>\n</html>\n")
    return h.text
  }

  // MARK: Sections

  private func header(_ h: inout HTMLText) {
    h.element("h1", "Shelfmark rebuild \(report.date)")
    var verdict = "exit \(report.exitCode)"
    switch report.exitCode {
    case 0: verdict += ": every catalogue built"
    case 75: verdict += ": the time budget ran out; the next run continues from the cache"
    default: verdict += ": at least one tool failed"
    }
    h.open("p", ["class": report.exitCode == 0 ? "verdict ok" : "verdict bad", "id": "verdict"])
    h.text(verdict)
    h.close("p")
    h.open("p", ["class": "meta"])
    var meta = "Started \(report.started), \(BuildProgress.duration(report.seconds)) in all"
    if let m = report.maxTime { meta += " (budget \(BuildProgress.duration(Double(m))))" }
    meta += ". Catalogues in \(report.out), compared with \(baselineName)."
    meta += " " + report.versions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    h.text(meta)
    h.close("p")
  }

  private func totals(_ h: inout HTMLText) {
    let t = report.totals
    let diffTotals = diffs.compactMap(\.diff).reduce(into: (0, 0, 0)) {
      $0.0 += $1.counts.added
      $0.1 += $1.counts.removed
      $0.2 += $1.counts.changed
    }
    let items: [(String, String, Int)] = [
      ("files", Plural.noun(t.files, "catalogue"), t.files), ("issues", Plural.noun(t.issues, "issue"), t.issues),
      ("added", "added vs \(baselineName)", diffTotals.0), ("removed", "removed vs \(baselineName)", diffTotals.1),
      ("changed", "changed vs \(baselineName)", diffTotals.2), ("dead", "dead", t.dead),
      ("unsized", "unsized", t.unsized),
      ("requests", Plural.noun(t.requests, "request"), t.requests), ("cached", "served from cache", t.cached),
      ("warnings", Plural.noun(t.warnings, "warning"), t.warnings),
      ("errors", Plural.noun(t.errors, "error"), t.errors),
    ]
    h.open("ul", ["class": "totals", "id": "totals"])
    for (key, label, n) in items {
      h.open("li", ["data-total": key])
      h.element("strong", String(n))
      h.text(" " + label)
      h.close("li")
    }
    h.close("ul")
  }

  private func filesTable(_ h: inout HTMLText) {
    h.element("h2", "Catalogues")
    let header = [
      "catalogue", "source", "status", "issues", "series", "new", "removed", "changed", "dead", "unsized",
    ]
    h.open("table", ["id": "files"])
    h.row(header, cell: "th")
    for f in report.files {
      h.open("tr", ["data-file": f.file, "class": "status-" + f.status.replacingOccurrences(of: " ", with: "-")])
      for v in [f.file, f.source, f.status] { h.element("td", v) }
      for n in [f.issues, f.series, f.added, f.removed, f.changed, f.dead, f.unsized] {
        h.element("td", n.map(String.init) ?? "–", ["class": "n"])
      }
      h.close("tr")
    }
    h.close("table")
    h.element(
      "p",
      "new, removed and changed count records against the file the build replaced in \(report.out); the diff below compares with \(baselineName).",
      ["class": "note"])
  }

  private func charts(_ h: inout HTMLText) {
    h.element("h2", "Over past rebuilds")
    let runs = Array(Set(history.map(\.run))).sorted()
    h.element(
      "p",
      "\(Plural.count(runs.count, "rebuild")) in the history\(span(runs)), oldest on the left, dated below each chart. "
        + "The vertical axis counts records (issues, or comics for Stripovi) from the lowest to the highest value "
        + "it shows, both printed at its left; each chart has its own scale. The number at the right is the latest.",
      ["class": "note"])
    h.open("table", ["id": "charts"])
    h.row(["catalogue", "issues (records)", "dead (records)", "unsized (records)"], cell: "th")
    let files = report.files.map(\.file)
    let dates = Dictionary(history.map { ($0.run, $0.date) }) { a, _ in a }
    for file in files {
      let byRun = Dictionary(history.filter { $0.file == file }.map { ($0.run, $0) }) { _, last in last }
      h.open("tr", ["data-file": file])
      h.element("td", file)
      for (name, key) in [("issues", \RebuildHistory.Entry.issues), ("dead", \.dead), ("unsized", \.unsized)] {
        let values = runs.map { byRun[$0]?[keyPath: key] }
        h.open("td", ["class": "chart"])
        Sparkline(values: values, runs: runs, dates: runs.map { dates[$0] ?? $0 }, label: "\(file) \(name)").render(
          &h)
        h.close("td")
      }
      h.close("tr")
    }
    h.close("table")
  }

  /// ` (2026-11-16 to 2026-11-30)`: the first and last rebuilds' catalogue dates.
  private func span(_ runs: [String]) -> String {
    let dates = Dictionary(history.map { ($0.run, $0.date) }) { a, _ in a }
    guard runs.count > 1, let first = runs.first.flatMap({ dates[$0] }), let last = runs.last.flatMap({ dates[$0] })
    else { return "" }
    return " (\(first) to \(last))"
  }

  private func diffSection(_ h: inout HTMLText) {
    h.element("h2", "Changes against \(baselineName)")
    // Files the same as the shipped ones are counted, not listed: the reviewer reads what moved. A
    // file this run did not build (its budget ran out, its tool failed) is the folder's old copy, so
    // "the same" would claim a check that never happened: it is counted apart.
    let status = Dictionary(report.files.map { ($0.file, $0.status) }) { first, _ in first }
    let moved = diffs.filter { $0.diff.map { !$0.isEmpty } ?? true }
    let unmoved = diffs.filter { $0.diff.map(\.isEmpty) ?? false }
    let notRebuilt = unmoved.filter { !Self.rebuiltStatuses.contains(status[$0.file] ?? "") }
    let same = unmoved.count - notRebuilt.count
    if !notRebuilt.isEmpty {
      var byStatus: [String: Int] = [:]
      for d in notRebuilt { byStatus[status[d.file] ?? "not run", default: 0] += 1 }
      let how = byStatus.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
      h.element(
        "p",
        "\(Plural.count(notRebuilt.count, "catalogue")) \(Plural.verb(notRebuilt.count, "was", "were")) not rebuilt in this run (\(how)): \(report.out) still holds \(Plural.verb(notRebuilt.count, "its earlier file", "their earlier files")), so \(Plural.verb(notRebuilt.count, "it was", "they were")) not compared as new builds: "
          + notRebuilt.map(\.file).joined(separator: ", ") + ".",
        ["class": "note not-rebuilt", "id": "not-rebuilt"])
    }
    guard !moved.isEmpty else {
      let what =
        notRebuilt.isEmpty
        ? "All \(Plural.count(same, "catalogue")) \(Plural.verb(same, "is", "are"))"
        : "The \(Plural.count(same, "rebuilt catalogue")) \(Plural.verb(same, "is", "are"))"
      h.element(
        "p", "\(what) the same as in \(baselineName) (generated dates aside).", ["class": "note", "id": "same"])
      return
    }
    h.open("table", ["id": "diff"])
    h.row(["catalogue", "shipped", "new", "added", "removed", "changed"], cell: "th")
    for d in moved {
      h.open("tr", ["data-file": d.file])
      let built = Self.rebuiltStatuses.contains(status[d.file] ?? "")
      h.element("td", built ? d.file : "\(d.file) (not rebuilt: \(status[d.file] ?? "not run"))")
      if let diff = d.diff {
        for n in [diff.oldCount, diff.newCount, diff.counts.added, diff.counts.removed, diff.counts.changed] {
          h.element("td", String(n), ["class": "n"])
        }
      } else {
        h.element("td", d.note ?? "not compared", ["colspan": "5"])
      }
      h.close("tr")
    }
    h.close("table")
    if same > 0 {
      h.element(
        "p",
        "\(Plural.count(same, "other catalogue")) \(Plural.verb(same, "is", "are")) the same as in \(baselineName) (generated dates aside).",
        ["class": "note", "id": "same"])
    }
    for d in moved {
      guard let diff = d.diff else { continue }
      h.open("section", ["class": "filediff", "data-file": d.file])
      h.element("h3", d.file)
      if !diff.catalogue.isEmpty {
        h.element("p", "catalogue fields: " + diff.catalogue.map(Self.describe).joined(separator: "; "))
      }
      if diff.reordered { h.element("p", "the records both files share are in a different order") }
      if !diff.identityChanged.isEmpty {
        h.element(
          "p",
          "identity changed (\(diff.identityChanged.count)): readers lose read state and bookmarks for "
            + diff.identityChanged.prefix(20).joined(separator: ", ") + (diff.identityChanged.count > 20 ? ", …" : ""),
          ["class": "identity"])
      }
      var bySeries:
        [String: (
          added: [CatalogueDiff.Record], removed: [CatalogueDiff.Record], changed: [CatalogueDiff.ChangedRecord]
        )] = [:]
      for r in diff.added { bySeries[r.series, default: ([], [], [])].added.append(r) }
      for r in diff.removed { bySeries[r.series, default: ([], [], [])].removed.append(r) }
      for r in diff.changed { bySeries[r.series, default: ([], [], [])].changed.append(r) }
      for series in bySeries.keys.sorted() {
        guard let s = bySeries[series] else { continue }
        // A handful of changes is shown open; a long list stays folded under its counts.
        let count = s.added.count + s.removed.count + s.changed.count
        h.open("details", count <= 10 ? ["data-series": series, "open": "open"] : ["data-series": series])
        h.element("summary", "\(series): +\(s.added.count) −\(s.removed.count) ~\(s.changed.count)")
        h.open("ul")
        var shown = 0
        for r in s.added where shown < Self.recordsShown {
          shown += 1
          h.element("li", "+ \(r.id)  \(r.title)", ["class": "added", "data-id": r.id])
        }
        for r in s.removed where shown < Self.recordsShown {
          shown += 1
          h.element("li", "− \(r.id)  \(r.title)", ["class": "removed", "data-id": r.id])
        }
        for c in s.changed where shown < Self.recordsShown {
          shown += 1
          let (lines, parser) = evidence.lines(file: d.file, id: c.id)
          h.open("li", ["class": parser ? "changed parser-change" : "changed", "data-id": c.id])
          h.text("~ \(c.id): " + c.changes.map(Self.describe).joined(separator: "; "))
          if !lines.isEmpty {
            h.open("ul", ["class": "evidence"])
            // The last line is the command that explains the row.
            for (n, line) in lines.enumerated() {
              h.element("li", line, n == lines.count - 1 ? ["class": "explain"] : [:])
            }
            h.close("ul")
          }
          h.close("li")
        }
        let all = s.added.count + s.removed.count + s.changed.count
        if all > shown { h.element("li", "… and \(all - shown) more (catalog diff lists them all)", ["class": "more"]) }
        h.close("ul")
        h.close("details")
      }
      h.close("section")
    }
  }

  private func findings(_ h: inout HTMLText) {
    h.element("h2", "Findings")
    guard !report.findings.isEmpty else {
      h.element("p", "No findings.", ["class": "note"])
      return
    }
    h.open("table", ["id": "findings"])
    h.row(["catalogue", "severity", "rule", "message", "records"], cell: "th")
    for f in report.findings {
      h.open("tr", ["class": "severity-" + f.severity.lowercased()])
      h.element("td", f.file)
      h.element("td", f.severity)
      h.element("td", f.rule)
      h.element("td", f.message)
      let more = f.count > f.records.count ? " and \(f.count - f.records.count) more" : ""
      h.element("td", f.records.joined(separator: ", ") + more)
      h.close("tr")
    }
    h.close("table")
  }

  private func requests(_ h: inout HTMLText) {
    h.element("h2", "Requests per source")
    let most = max(1, report.runs.map { $0.counters["fetch/requests"] ?? 0 }.max() ?? 1)
    h.open("table", ["id": "requests"])
    h.row(
      [
        "run", "exit", "requests", "share of the most (\(Plural.count(most, "request")) = full bar)", "cached",
        "per minute", "time", "report",
      ], cell: "th")
    for r in report.runs {
      let requests = r.counters["fetch/requests"] ?? 0
      let cached = r.counters["fetch/hit"] ?? 0
      h.open("tr", ["data-run": r.label])
      h.element("td", r.label)
      h.element("td", r.postponed ? "not run" : String(r.exitCode), ["class": "n"])
      h.element("td", String(requests), ["class": "n"])
      h.open("td", ["class": "chart"])
      Bar(share: Double(requests) / Double(most), label: "\(r.label): \(Plural.count(requests, "request"))").render(&h)
      h.close("td")
      h.element("td", String(cached), ["class": "n"])
      let perMinute = r.seconds > 0 ? Int((Double(requests) / r.seconds * 60).rounded()) : 0
      h.element("td", String(perMinute), ["class": "n"])
      h.element(
        "td", r.seconds < 60 ? BuildSummary.time(r.seconds) : BuildProgress.duration(r.seconds), ["class": "n"])
      h.open("td")
      if let path = r.report {
        h.element("a", path, ["href": reportHref(path)])
      } else {
        h.text("–")
      }
      h.close("td")
      h.close("tr")
    }
    h.close("table")
  }

  private func toolLines(_ h: inout HTMLText) {
    h.element("h2", "What the tools said")
    let noisy = report.runs.filter { !$0.warnings.isEmpty || !$0.errors.isEmpty || !$0.other.isEmpty }
    guard !noisy.isEmpty else {
      h.element("p", "No warnings or errors.", ["class": "note"])
      return
    }
    for r in noisy {
      h.open("details", ["data-run": r.label])
      h.element(
        "summary",
        "\(r.label): \(BuildProgress.plural(r.warnings.count, "warning")), \(BuildProgress.plural(r.errors.count, "error"))"
      )
      h.element("pre", (r.errors + r.warnings + r.other).joined(separator: "\n"))
      h.close("details")
    }
  }

  /// `../rebuild/reports/retrospec.json`: `target` as a link from a page in `folder`, each segment
  /// percent-encoded, so it works wherever the page and the reports are, as long as they move together.
  static func relativeHref(from folder: URL, to target: URL) -> String {
    let from = folder.standardizedFileURL.pathComponents
    let to = target.standardizedFileURL.pathComponents
    var common = 0
    while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
    let up = Array(repeating: "..", count: from.count - common)
    let down = to[common...].map {
      $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", ":"])) ?? $0
    }
    let path = (up + down).joined(separator: "/")
    return path.isEmpty ? "." : path
  }

  static func describe(_ c: CatalogueDiff.Change) -> String {
    "\(c.field): \(c.old?.description ?? "∅") ⇒ \(c.new?.description ?? "∅")"
  }

  static let css = """
    body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #1b1f24; max-width: 1200px; }
    h1 { font-size: 22px; margin: 0 0 4px; }
    h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
    h3 { font-size: 14px; margin: 14px 0 4px; }
    .verdict { font-weight: 600; margin: 4px 0; }
    p.identity { color: #9a6700; }
    .ok { color: #1a7f37; } .bad { color: #cf222e; }
    .meta, .note { color: #57606a; font-size: 12px; }
    ul.totals { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 8px; }
    ul.totals li { border: 1px solid #d0d7de; border-radius: 6px; padding: 6px 10px; }
    ul.totals strong { font-size: 16px; }
    table { border-collapse: collapse; font-size: 13px; }
    th, td { padding: 3px 8px; border-bottom: 1px solid #eaeef2; text-align: left; vertical-align: middle; }
    th { background: #f6f8fa; }
    td.n { text-align: right; font-variant-numeric: tabular-nums; }
    tr.status-refused td, tr.status-failed td, tr.severity-error td { color: #cf222e; }
    tr.status-incomplete td, tr.status-not-run td, tr.severity-warn td { color: #9a6700; }
    li.added { color: #1a7f37; } li.removed { color: #cf222e; } li.changed { color: #57606a; }
    details { margin: 2px 0; } summary { cursor: pointer; }
    pre { background: #f6f8fa; padding: 8px; overflow-x: auto; font-size: 12px; }
    svg { display: block; }
    """
}

/// A small line chart of one count over the rebuilds, with its axes: the vertical one labelled
/// with the lowest and highest value shown (its scale, in records), the horizontal one with the
/// first and last rebuild's date. A line runs through the known values, a dot sits on each, a grey
/// tick at the foot marks a rebuild that did not build the file (stopped by its budget, failed), and
/// the latest value is printed at the right.
struct Sparkline {
  var values: [Int?]
  var runs: [String]
  /// Each run's catalogue date, for the horizontal axis.
  var dates: [String] = []
  var label: String
  static let width = 300.0
  static let height = 58.0
  /// The plot area: left of it the value labels, below it the dates, right of it the latest value.
  static let left = 46.0
  static let right = 232.0
  static let top = 6.0
  static let bottom = 40.0

  func render(_ h: inout HTMLText) {
    let known = values.compactMap { $0 }
    let last = values.last { $0 != nil } ?? nil
    h.open(
      "svg",
      [
        "xmlns": "http://www.w3.org/2000/svg", "width": String(Int(Self.width)), "height": String(Int(Self.height)),
        "viewBox": "0 0 \(Int(Self.width)) \(Int(Self.height))", "role": "img", "aria-label": label,
      ])
    h.element("title", label + ": " + values.map { $0.map(String.init) ?? "–" }.joined(separator: ", "))
    let axis = ["stroke": "#8c959f", "stroke-width": "1"]
    h.void(
      "line",
      ["x1": f(Self.left), "y1": f(Self.top), "x2": f(Self.left), "y2": f(Self.bottom)].merging(axis) { a, _ in a })
    h.void(
      "line",
      ["x1": f(Self.left), "y1": f(Self.bottom), "x2": f(Self.right), "y2": f(Self.bottom)].merging(axis) { a, _ in a })
    let n = values.count
    func x(_ i: Int) -> Double {
      n <= 1 ? (Self.left + Self.right) / 2 : Self.left + 4 + Double(i) * (Self.right - Self.left - 8) / Double(n - 1)
    }
    if let lo = known.min(), let hi = known.max() {
      let middle = (Self.top + Self.bottom) / 2
      func y(_ v: Int) -> Double {
        hi == lo ? middle : (Self.bottom - 3) - Double(v - lo) / Double(hi - lo) * (Self.bottom - Self.top - 6)
      }
      // The scale: the extremes at the height they are drawn, so a reader sees how far the line moved.
      for (value, at) in hi == lo ? [(hi, middle)] : [(hi, y(hi)), (lo, y(lo))] {
        h.void(
          "line", ["x1": f(Self.left - 3), "y1": f(at), "x2": f(Self.left), "y2": f(at)].merging(axis) { a, _ in a })
        h.element(
          "text", String(value),
          [
            "x": f(Self.left - 5), "y": f(at + 3.5), "font-size": "10", "text-anchor": "end", "fill": "#57606a",
            "class": "axis-value",
          ])
      }
      let points = values.enumerated().compactMap { i, v in v.map { "\(f(x(i))),\(f(y($0)))" } }
      if points.count > 1 {
        h.void(
          "polyline",
          ["points": points.joined(separator: " "), "fill": "none", "stroke": "#0969da", "stroke-width": "1.5"])
      }
      for (i, v) in values.enumerated() {
        guard let v else { continue }
        h.open("circle", ["cx": f(x(i)), "cy": f(y(v)), "r": "2.5", "fill": "#0969da"])
        h.element("title", "\(runs.indices.contains(i) ? runs[i] : ""): \(v)")
        h.close("circle")
      }
    }
    // A count the file never has (dead for PopBoks) gets no ticks: only a gap among values is news.
    for (i, v) in values.enumerated() where v == nil && !known.isEmpty {
      h.open("rect", ["x": f(x(i) - 1), "y": f(Self.bottom - 5), "width": "2", "height": "4", "fill": "#8c959f"])
      h.element("title", "\(runs.indices.contains(i) ? runs[i] : ""): not built in this rebuild")
      h.close("rect")
    }
    let dateStyle = ["y": f(Self.bottom + 13), "font-size": "10", "fill": "#57606a", "class": "axis-date"]
    if let first = dates.first {
      h.element(
        "text", first,
        dateStyle.merging([
          "x": f(n > 1 ? Self.left : (Self.left + Self.right) / 2), "text-anchor": n > 1 ? "start" : "middle",
        ]) { _, b in b })
    }
    if dates.count > 1, let final = dates.last {
      h.element("text", final, dateStyle.merging(["x": f(Self.right), "text-anchor": "end"]) { _, b in b })
    }
    h.element(
      "text", last.map(String.init) ?? "–",
      [
        "x": f(Self.right + 6), "y": f((Self.top + Self.bottom) / 2 + 4), "font-size": "12", "fill": "#1b1f24",
        "class": "latest",
      ])
    h.close("svg")
  }

  private func f(_ v: Double) -> String { String(format: "%.1f", v) }
}

/// A horizontal bar, its length a share of the widest.
struct Bar {
  var share: Double
  var label: String

  func render(_ h: inout HTMLText) {
    let w = max(0, min(1, share.isFinite ? share : 0)) * 160
    h.open(
      "svg",
      [
        "xmlns": "http://www.w3.org/2000/svg", "width": "162", "height": "12", "viewBox": "0 0 162 12", "role": "img",
        "aria-label": label,
      ])
    h.element("title", label)
    h.void("rect", ["x": "0", "y": "1", "width": String(format: "%.1f", w), "height": "10", "fill": "#54aeff"])
    h.close("svg")
  }
}

/// Markup written by hand with everything escaped: text and attribute values go through `escape`,
/// element and attribute names are ours.
struct HTMLText {
  private(set) var text = ""

  mutating func raw(_ s: String) { text += s }

  mutating func text(_ s: String) { text += Self.escape(s) }

  mutating func open(_ name: String, _ attributes: [String: String] = [:]) {
    text += "<" + name + Self.attributes(attributes) + ">"
  }

  mutating func close(_ name: String) { text += "</" + name + ">\n" }

  /// An element with only text inside.
  mutating func element(_ name: String, _ content: String, _ attributes: [String: String] = [:]) {
    text += "<" + name + Self.attributes(attributes) + ">" + Self.escape(content) + "</" + name + ">\n"
  }

  /// An element with nothing inside, self-closed (SVG shapes).
  mutating func void(_ name: String, _ attributes: [String: String]) {
    text += "<" + name + Self.attributes(attributes) + " />"
  }

  mutating func row(_ cells: [String], cell: String) {
    open("tr")
    for c in cells { element(cell, c) }
    close("tr")
  }

  private static func attributes(_ a: [String: String]) -> String {
    a.sorted { $0.key < $1.key }.map { " \($0.key)=\"\(escape($0.value))\"" }.joined()
  }

  /// Escapes markup characters, and replaces characters XML 1.0 forbids (C0 controls but tab, CR
  /// and LF) so the page stays well-formed whatever a tool printed.
  /// Bidi controls are shown as their code points (`BidiControl`), so no text can reorder the page.
  static func escape(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for u in BidiControl.neutralised(s).unicodeScalars {
      switch u {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n", "\r": out.unicodeScalars.append(u)
      default:
        if u.value < 0x20 || (0xFFFE...0xFFFF).contains(u.value) || u.value == 0x7F {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    return out
  }
}
