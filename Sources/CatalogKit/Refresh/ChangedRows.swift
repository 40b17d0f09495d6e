import Foundation

/// The links a listing's change touches: when a revalidated listing comes back different, the lines
/// that are new (a row added or retitled) and the lines beside them are read for `href` and `src`
/// values, so the refresh re-asks the details and sizes of those rows and of no other.
///
/// A line is "new" when the old body has no identical line (after trimming), so reordering rows
/// costs nothing and editing one row marks that row. A row spread over more lines than the window
/// reaches is missed here and caught by its revisit interval.
///
/// A new line that carries links of its own is a row on one line (Atarimania's `<li>`, a new row
/// appended to a table): the window then stays inside its row, and the rows before and after it
/// (cut at `<li`/`<tr`) are not asked again for nothing. A new line without links (a retitled
/// caption) reaches its whole window, across row starts, since its links may sit in the next row.
public enum ChangedRows {
  /// Lines on each side of a new line whose links count as the same row's.
  public static let window = 2

  /// Links near new lines, resolved against the listing's URL, as `host/path?query` targets.
  public static func targets(old: [UInt8], new: [UInt8], url: URL) -> Set<String> {
    let oldLines = Set(lines(old))
    let newRows = rows(new)
    let newLines = newRows.map(\.text)
    var marked = IndexSet()
    for (i, l) in newLines.enumerated() where !l.isEmpty && !oldLines.contains(l) {
      var low = max(0, i - window)
      var high = min(newLines.count - 1, i + window)
      if !links(in: l).isEmpty {
        // The row begins at the nearest row start at or before i and ends before the next one.
        while low < i, !(low + 1...i).allSatisfy({ !newRows[$0].startsRow }) { low += 1 }
        while high > i, (i + 1...high).contains(where: { newRows[$0].startsRow }) { high -= 1 }
      }
      marked.insert(integersIn: low...high)
    }
    var out = Set<String>()
    for i in marked {
      for href in links(in: newLines[i]) {
        if let t = target(href, relativeTo: url) { out.insert(t) }
      }
    }
    return out
  }

  /// `host/path?query` of a URL (host lowercased, no fragment): the form freshness rules match.
  public static func target(of url: URL) -> String? {
    if let plain = PlainURL(url) { return plain.target }
    return targetByComponents(of: url)
  }

  /// `target(of:)` for any URL, through URLComponents (what a plain URL's slice equals).
  static func targetByComponents(of url: URL) -> String? {
    guard let c = URLComponents(url: url, resolvingAgainstBaseURL: true), let host = c.host?.lowercased() else {
      return nil
    }
    let path = c.percentEncodedPath.isEmpty ? "/" : c.percentEncodedPath
    return host + path + (c.percentEncodedQuery.map { "?" + $0 } ?? "")
  }

  static func target(_ href: String, relativeTo base: URL) -> String? {
    let cleaned = href.replacingOccurrences(of: "&amp;", with: "&").trimmingCharacters(in: .whitespaces)
    guard !cleaned.isEmpty, !cleaned.hasPrefix("#"), !cleaned.lowercased().hasPrefix("mailto:"),
      let u = URL(string: cleaned, relativeTo: base)?.absoluteURL
    else { return nil }
    return target(of: u)
  }

  /// Rows of a page: its lines, each cut again before every `<li` and `<tr` (and before the `</ul`,
  /// `</ol` or `</table` that ends them), so a page written on one line (Atarimania's) still diffs
  /// row by row.
  static func lines(_ bytes: [UInt8]) -> [String] { rows(bytes).map(\.text) }

  /// The lines of `lines`, each with whether it begins with `<li` or `<tr` (a row start).
  static func rows(_ bytes: [UInt8]) -> [(text: String, startsRow: Bool)] {
    var out: [(text: String, startsRow: Bool)] = []
    var start = 0
    func isRowStart(_ i: Int) -> Bool {
      guard bytes[i] == 60, i + 3 < bytes.count else { return false }
      let a = bytes[i + 1] | 0x20
      let b = bytes[i + 2] | 0x20
      return (a == 108 && b == 105) || (a == 116 && b == 114)  // <li, <tr
    }
    // The end of a list or table is cut off the last row too, so a row appended after it leaves
    // the old last row's line as it was.
    func isListEnd(_ i: Int) -> Bool {
      guard bytes[i] == 60, i + 4 < bytes.count, bytes[i + 1] == 47 else { return false }
      let a = bytes[i + 2] | 0x20
      let b = bytes[i + 3] | 0x20
      return ((a == 117 || a == 111) && b == 108) || (a == 116 && b == 97)  // </ul, </ol, </ta(ble)
    }
    func cut(_ end: Int) {
      var first = start
      while first < end, bytes[first] == 32 || bytes[first] == 9 || bytes[first] == 13 { first += 1 }
      let text = String(decoding: bytes[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      out.append((text, first < end && isRowStart(first)))
      start = end
    }
    var i = 0
    while i < bytes.count {
      if bytes[i] == 10 {
        cut(i)
        start = i + 1
      } else if i > start, isRowStart(i) || isListEnd(i) {
        cut(i)
      }
      i += 1
    }
    cut(bytes.count)
    return out
  }

  /// `href=` and `src=` values in one line: quoted with either quote, or bare up to a space or `>`.
  static func links(in line: String) -> [String] {
    var out: [String] = []
    let bytes = Array(line.utf8)
    let lower = Array(line.lowercased().utf8)
    var i = 0
    while i < lower.count {
      var valueStart: Int? = nil
      for name in ["href=", "src="] {
        let n = Array(name.utf8)
        if i + n.count <= lower.count, Array(lower[i..<i + n.count]) == n,
          i == 0 || !(lower[i - 1] >= 97 && lower[i - 1] <= 122)
        {
          valueStart = i + n.count
          break
        }
      }
      guard var j = valueStart else {
        i += 1
        continue
      }
      var end: Int
      if j < bytes.count, bytes[j] == 34 || bytes[j] == 39 {
        let quote = bytes[j]
        j += 1
        end = j
        while end < bytes.count, bytes[end] != quote { end += 1 }
      } else {
        end = j
        while end < bytes.count, bytes[end] != 32, bytes[end] != 62 { end += 1 }
      }
      out.append(String(decoding: bytes[j..<end], as: UTF8.self))
      i = end
    }
    return out
  }
}
