/// The shelf title of a Vintage Apple row.
public enum VintageAppleTitle {
  /// 1. the link text, trimmed, else the file name with `_` as spaces;
  /// 2. a trailing `.pdf` dropped (any case) and `_` turned into spaces;
  /// 3. a leading six-digit date stamp (`198106 `) removed;
  /// 4. runs of spaces collapsed.
  ///
  /// `198106 Foo Magazine Vol 06-06.pdf` becomes `Foo Magazine Vol 06-06`; book titles keep a
  /// trailing year (`Some Book Title 1984`).
  public static func clean(linkText: String, href: String) -> String {
    var t = TextNormal.trim(linkText)
    if t.isEmpty {
      let file = href.split(separator: "/").last.map(String.init) ?? href
      t = file.replacingOccurrences(of: "_", with: " ")
    }
    if t.lowercased().hasSuffix(".pdf") { t = String(t.dropLast(4)) }
    t = t.replacingOccurrences(of: "_", with: " ")
    t = droppingLeadingStamp(t)
    return collapseSpaces(t)
  }

  /// `^\s*(19|20)\d{4}\s+` removed.
  static func droppingLeadingStamp(_ s: String) -> String {
    let body = s.drop(while: { $0.isWhitespace })
    let digits = body.prefix(while: { $0.isASCII && $0.isNumber })
    guard digits.count == 6, digits.hasPrefix("19") || digits.hasPrefix("20") else { return s }
    let after = body.dropFirst(6)
    guard let first = after.first, first.isWhitespace else { return s }
    return String(after.drop(while: { $0.isWhitespace }))
  }

  static func collapseSpaces(_ s: String) -> String {
    var out = ""
    var lastSpace = false
    for ch in s {
      if ch == " " {
        if !lastSpace { out.append(ch) }
        lastSpace = true
      } else {
        out.append(ch)
        lastSpace = false
      }
    }
    return out
  }
}
