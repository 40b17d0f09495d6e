import Foundation

/// The links a listing's change touches: when a revalidated listing comes back different, the lines
/// that are new (a row added or retitled) and the lines beside them are read for `href` and `src`
/// values, so the refresh re-asks the details and sizes of those rows and of no other.
///
/// A line is "new" when the old body has no identical line (after trimming), so reordering rows
/// costs nothing and editing one row marks that row. A row spread over more lines than the window
/// reaches is missed here and caught by `--max-age`.
public enum ChangedRows {
  /// Lines on each side of a new line whose links count as the same row's.
  public static let window = 2

  /// Links near new lines, resolved against the listing's URL, as `host/path?query` targets.
  public static func targets(old: [UInt8], new: [UInt8], url: URL) -> Set<String> {
    let oldLines = Set(lines(old))
    let newLines = lines(new)
    var marked = IndexSet()
    for (i, l) in newLines.enumerated() where !l.isEmpty && !oldLines.contains(l) {
      marked.insert(integersIn: max(0, i - window)...min(newLines.count - 1, i + window))
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

  /// Rows of a page: its lines, each cut again before every `<li` and `<tr`, so a page written on one
  /// line (Atarimania's) still diffs row by row.
  static func lines(_ bytes: [UInt8]) -> [String] {
    var out: [String] = []
    var start = 0
    func cut(_ end: Int) {
      out.append(String(decoding: bytes[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
      start = end
    }
    var i = 0
    while i < bytes.count {
      if bytes[i] == 10 {
        cut(i)
        start = i + 1
      } else if bytes[i] == 60, i + 3 < bytes.count, i > start {
        let a = bytes[i + 1] | 0x20
        let b = bytes[i + 2] | 0x20
        if (a == 108 && b == 105) || (a == 116 && b == 114) { cut(i) }  // <li, <tr
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
