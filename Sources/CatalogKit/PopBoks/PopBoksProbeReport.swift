/// Draws every measured grid as an HTML page: for each sampled page, the tiles that were asked and
/// answered present or missing, the tiles never asked, and the measured grid's outline, so a person
/// can see a hole and the grid it did not shrink.
public enum PopBoksProbeReport {
  public struct Item: Sendable {
    public var entry: PopBoksIndexEntry
    public var result: PopBoksGridResult

    public init(entry: PopBoksIndexEntry, result: PopBoksGridResult) {
      self.entry = entry
      self.result = result
    }
  }

  public static func html(magazine: PopBoksMagazine, items: [Item]) -> String {
    html(magazines: [(magazine, items)])
  }

  /// One page for every magazine built in the run.
  public static func html(magazines: [(PopBoksMagazine, [Item])]) -> String {
    let names = magazines.map { $0.0.displayName }.joined(separator: ", ")
    var out = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <title>\(escape(names)): measured tile grids</title>
      <style>
      body{font:14px/1.4 system-ui,sans-serif;margin:1.5em}
      section{display:inline-block;vertical-align:top;margin:0 1.5em 1.5em 0;padding:.5em;border:1px solid #ccc}
      h2{font-size:14px;margin:0 0 .3em}
      .page{display:inline-block;margin-right:.8em;vertical-align:top}
      table.g{border-collapse:collapse}
      table.g td{width:11px;height:11px;padding:0;border:1px solid #fff}
      td.p{background:#3a3}td.m{background:#d33}td.u{background:#e4e4e4}
      td.in{outline:1px solid #000;outline-offset:-1px}
      td.in.u{background:#bfe3bf}
      .legend span{display:inline-block;width:11px;height:11px;margin:0 .3em 0 1em;vertical-align:middle}
      .warn{color:#b00}
      </style></head><body>
      <p class="legend">Tiles:<span style="background:#3a3"></span>present<span style="background:#d33"></span>missing\
      <span style="background:#e4e4e4"></span>not asked<span style="background:#bfe3bf;outline:1px solid #000"></span>\
      inside the measured grid, not asked. A black outline marks the measured grid.</p>

      """
    for (magazine, items) in magazines { out += magazineSection(magazine, items) }
    out += "</body></html>\n"
    return out
  }

  static func magazineSection(_ magazine: PopBoksMagazine, _ items: [Item]) -> String {
    var grids: [PopBoksTileGrid: Int] = [:]
    for i in items { grids[i.result.grid, default: 0] += 1 }
    let gridLine = grids.sorted { ($0.value, $1.key.description) > ($1.value, $0.key.description) }
      .map { "\($0.key) × \($0.value)" }.joined(separator: ", ")
    let asked = items.reduce(0) { $0 + $1.result.evidence.asked }
    let holes = items.filter { hasHole($0) }
    let noCover = items.filter { !$0.result.coverPresent }
    var out = """
      <h1>\(escape(magazine.displayName)): measured tile grids</h1>
      <p>\(items.count) issues, \(asked) probes (\(format1(Double(asked) / Double(max(items.count, 1)))) per issue; \
      the reference asks 121). Grids: \(escape(gridLine)).</p>

      """
    if !holes.isEmpty {
      out += "<p>Holes inside a measured grid: \(holes.map { escape($0.entry.title) }.joined(separator: ", ")).</p>\n"
    }
    if !noCover.isEmpty {
      out += "<p class=\"warn\">No cover: \(noCover.map { "\($0.entry.id)" }.joined(separator: ", ")).</p>\n"
    }
    for item in items { out += section(item) }
    return out
  }

  static func section(_ item: Item) -> String {
    let r = item.result
    let e = r.evidence
    var answers: [Int: [Int: [Int: Bool]]] = [:]  // page → row → column → present
    for t in e.tiles { answers[t.page, default: [:]][t.row, default: [:]][t.column] = t.present }
    var s = "<section id=\"issue-\(item.entry.id)\"><h2>\(escape(item.entry.title)) (id \(item.entry.id)): "
    s += "\(r.grid), expected \(e.expected); \(e.asked) probes in \(e.rounds) round\(e.rounds == 1 ? "" : "s")"
    if !r.coverPresent { s += " <span class=\"warn\">no cover</span>" }
    s += "</h2>\n"
    let maxColumn = min(PopBoksTileGrid.columnLimit, max(r.grid.columns, (e.tiles.map(\.column).max() ?? 0)))
    let maxRow = min(PopBoksTileGrid.rowLimit, max(r.grid.rows, (e.tiles.map(\.row).max() ?? 0)))
    for page in e.pages {
      s += "<div class=\"page\">p\(page)<table class=\"g\">"
      for row in 0...maxRow {
        s += "<tr>"
        for column in 0...maxColumn {
          var cls: [String] = []
          switch answers[page]?[row]?[column] {
          case true?: cls.append("p")
          case false?: cls.append("m")
          case nil: cls.append("u")
          }
          if column < r.grid.columns && row < r.grid.rows { cls.append("in") }
          s += "<td class=\"\(cls.joined(separator: " "))\" title=\"2_\(column)_\(row)\"></td>"
        }
        s += "</tr>"
      }
      s += "</table></div>"
    }
    s +=
      "\n<p>columns \(r.grid.columns): \(proofText(e.columns, axis: "row")); rows \(r.grid.rows): \(proofText(e.rows, axis: "column"))</p>"
    s += "</section>\n"
    return s
  }

  static func proofText(_ p: PopBoksGridEvidence.AxisProof, axis: String) -> String {
    var t = p.run.map { "seen whole on p\($0.page) \(axis) \($0.line)" } ?? "no tile on any line"
    let stops = p.stops.map { s in "p\(s.page)/\(s.line)@\(s.missingAt.map(String.init) ?? "limit")" }
    t += "; stops " + stops.joined(separator: " ")
    return escape(t)
  }

  /// True when a tile inside the measured grid answered missing on a sampled page.
  static func hasHole(_ item: Item) -> Bool {
    let g = item.result.grid
    return item.result.evidence.tiles.contains { !$0.present && $0.column < g.columns && $0.row < g.rows }
  }

  static func format1(_ x: Double) -> String {
    let tenths = Int((x * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// The text layer's HTML escaper (`HTMLEntities.escape`).
  static func escape(_ s: String) -> String { HTMLEntities.escape(s) }
}
