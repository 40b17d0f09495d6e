/// Ritam's index: `years` lists each relaunch ("Serija N") with its folder ids in chronological
/// order; `numbers` maps a folder id to its site-page range and printed label (spec: sources/popboks.md,
/// "Ritam"). Ids are therefore not in number order, and a scan may start after site page 1.
public enum PopBoksRitamIndex {
  public static func parse(_ script: PopBoksIndexScript) throws -> PopBoksIndex {
    let order = try runningOrder(script)
    let folders = try folders(script)
    var entries: [PopBoksIndexEntry] = []
    var dropped: [String] = []
    var seen = Set<Int>()
    for (relaunch, id, line) in order {
      guard seen.insert(id).inserted else {
        dropped.append("Ritam folder \(id) is listed again in series \(relaunch) (line \(line))")
        continue
      }
      guard let folder = folders[id] else {
        dropped.append("Ritam folder \(id) (series \(relaunch), line \(line)) has no `numbers` entry")
        continue
      }
      let label = PopBoksRitamLabel(folder.label)
      entries.append(
        PopBoksIndexEntry(
          id: id, number: entries.count + 1, title: "Ritam \(label.designation)", label: label.designation,
          year: label.year, month: label.month, firstPage: folder.first, pages: folder.last - folder.first + 1,
          relaunch: relaunch, line: folder.line))
    }
    for id in folders.keys.sorted() where !seen.contains(id) {
      dropped.append(
        "Ritam folder \(id) (line \(folders[id]?.line ?? 0)) is in no series, so it has no place in the running order")
    }
    guard !entries.isEmpty else { throw PopBoksIndexScriptError.empty(script: script.name, name: "years") }
    return PopBoksIndex(magazine: .ritam, entries: entries, dropped: dropped)
  }

  /// `[[series, [id, id, …]], …]` flattened in order: series by series, each list as written.
  static func runningOrder(_ script: PopBoksIndexScript) throws -> [(relaunch: Int, id: Int, line: Int)] {
    let literal = try script.literal(named: "years")
    guard let items = literal.array else {
      throw PopBoksIndexScriptError.badEntry(
        script: script.name, line: literal.line, name: "years", reason: "list is not an array")
    }
    var out: [(relaunch: Int, id: Int, line: Int)] = []
    for (n, item) in items.enumerated() {
      guard let pair = item.array, pair.count == 2, let relaunch = pair[0].number, let ids = pair[1].array
      else {
        throw PopBoksIndexScriptError.badEntry(
          script: script.name, line: item.line, name: "years", reason: "\(n + 1) is not [series, [id, …]]")
      }
      for id in ids {
        guard let value = id.number else {
          throw PopBoksIndexScriptError.badEntry(
            script: script.name, line: id.line, name: "years",
            reason: "\(n + 1) lists something that is not a folder id")
        }
        out.append((relaunch, value, id.line))
      }
    }
    guard !out.isEmpty else { throw PopBoksIndexScriptError.empty(script: script.name, name: "years") }
    return out
  }

  /// `{id: [first, last, "label"], id: [first, last, "label", hint], …}`, first ≤ last.
  static func folders(_ script: PopBoksIndexScript) throws -> [Int: (first: Int, last: Int, label: String, line: Int)] {
    let literal = try script.literal(named: "numbers")
    guard case .object(let members) = literal.value else {
      throw PopBoksIndexScriptError.badEntry(
        script: script.name, line: literal.line, name: "numbers", reason: "list is not an object literal `{…}`")
    }
    var out: [Int: (first: Int, last: Int, label: String, line: Int)] = [:]
    for (id, value) in members {
      let bad = { (why: String) in
        PopBoksIndexScriptError.badEntry(script: script.name, line: value.line, name: "numbers", reason: "\(id) \(why)")
      }
      guard let f = value.array, f.count == 3 || (f.count == 4 && f[3].number != nil), let first = f[0].number,
        let last = f[1].number, let label = f[2].string
      else { throw bad("is not [firstPage, lastPage, \"label\"] or [firstPage, lastPage, \"label\", hint]") }
      guard first <= last else { throw bad("has its pages backwards (\(first) > \(last))") }
      if let earlier = out[id] { throw bad("is listed twice (first on line \(earlier.line))") }
      out[id] = (first, last, label, value.line)
    }
    guard !out.isEmpty else { throw PopBoksIndexScriptError.empty(script: script.name, name: "numbers") }
    return out
  }
}
