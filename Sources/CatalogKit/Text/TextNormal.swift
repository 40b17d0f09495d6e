/// Whitespace rules shared by every parser: the text layer's one collapse and one trim.
public enum TextNormal {
  /// Collapses runs of whitespace (spaces, tabs, newlines, NBSP) into one space and trims.
  public static func collapse(_ s: String) -> String {
    var out = String.UnicodeScalarView()
    var pendingSpace = false
    for u in s.unicodeScalars {
      if u == " " || u == "\t" || u == "\n" || u == "\r" || u == "\u{00A0}" || u == "\u{000C}"
        || u.properties.isWhitespace
      {
        pendingSpace = !out.isEmpty
      } else {
        if pendingSpace { out.append(" ") }
        pendingSpace = false
        out.append(u)
      }
    }
    return String(out)
  }

  /// Trims whitespace (spaces, tabs, newlines, NBSP and the other Unicode spaces) from both ends and
  /// keeps the inside as written, for rules that do not collapse (Atarimania, Vintage Apple).
  public static func trim(_ s: String) -> String {
    guard let first = s.firstIndex(where: { !$0.isWhitespace }), let last = s.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(s[first...last])
  }
}
