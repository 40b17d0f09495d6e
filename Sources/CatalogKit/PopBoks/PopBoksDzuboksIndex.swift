/// Džuboks's index: `years` gives inclusive issue ranges per two-digit year, `numbers` gives each
/// issue's page count (spec: sources/popboks.md, "Džuboks").
public enum PopBoksDzuboksIndex {
  public static func parse(_ script: PopBoksIndexScript) throws -> PopBoksIndex {
    let ranges = try yearRanges(script)
    let counts = try pageCounts(script)
    var entries: [PopBoksIndexEntry] = []
    var dropped: [String] = []
    for (number, pages, line) in counts {
      if pages == 0 {
        dropped.append("Džuboks \(number) has 0 pages (never scanned)")
        continue
      }
      guard let yy = ranges.first(where: { $0.first <= number && number <= $0.last })?.yy else {
        dropped.append("Džuboks \(number) falls in no year range")
        continue
      }
      entries.append(
        PopBoksIndexEntry(
          id: number, number: number, title: "Džuboks \(number)", label: "\(number)", year: 1900 + yy,
          firstPage: 1, pages: pages, line: line))
    }
    entries.sort { $0.number < $1.number }
    guard !entries.isEmpty else { throw PopBoksIndexScriptError.empty(script: script.name, name: "numbers") }
    return PopBoksIndex(magazine: .dzuboks, entries: entries, dropped: dropped)
  }

  /// `[[yy, [first, last]], …]`, first ≤ last.
  static func yearRanges(_ script: PopBoksIndexScript) throws -> [(yy: Int, first: Int, last: Int)] {
    let literal = try script.literal(named: "years")
    guard let items = literal.array else {
      throw PopBoksIndexScriptError.badEntry(
        script: script.name, line: literal.line, name: "years", reason: "list is not an array")
    }
    var out: [(yy: Int, first: Int, last: Int)] = []
    for (n, item) in items.enumerated() {
      let bad = { (why: String) in
        PopBoksIndexScriptError.badEntry(script: script.name, line: item.line, name: "years", reason: "\(n + 1) \(why)")
      }
      guard let pair = item.array, pair.count == 2, let yy = pair[0].number, let range = pair[1].array,
        range.count == 2, let first = range[0].number, let last = range[1].number
      else { throw bad("is not [year, [first, last]]") }
      guard first <= last else { throw bad("has its range backwards (\(first) > \(last))") }
      out.append((yy, first, last))
    }
    guard !out.isEmpty else { throw PopBoksIndexScriptError.empty(script: script.name, name: "years") }
    return out
  }

  /// `[[number, pages], [number, pages, hint], …]`; the hint (a tile-height hint) is ignored.
  static func pageCounts(_ script: PopBoksIndexScript) throws -> [(number: Int, pages: Int, line: Int)] {
    let literal = try script.literal(named: "numbers")
    guard let items = literal.array else {
      throw PopBoksIndexScriptError.badEntry(
        script: script.name, line: literal.line, name: "numbers", reason: "list is not an array")
    }
    var out: [(number: Int, pages: Int, line: Int)] = []
    var seen: [Int: Int] = [:]
    for (n, item) in items.enumerated() {
      guard let fields = item.array, fields.count == 2 || fields.count == 3,
        fields.allSatisfy({ $0.number != nil }), let number = fields[0].number, let pages = fields[1].number
      else {
        throw PopBoksIndexScriptError.badEntry(
          script: script.name, line: item.line, name: "numbers",
          reason: "\(n + 1) is not [issue, pages] or [issue, pages, hint]")
      }
      if let earlier = seen[number] {
        throw PopBoksIndexScriptError.badEntry(
          script: script.name, line: item.line, name: "numbers",
          reason: "\(n + 1) lists issue \(number) again (first on line \(earlier))")
      }
      seen[number] = item.line
      out.append((number, pages, item.line))
    }
    guard !out.isEmpty else { throw PopBoksIndexScriptError.empty(script: script.name, name: "numbers") }
    return out
  }
}
