/// Text-level helpers for the rules the Atarimania and Vintage Apple specs state over raw markup
/// ("tags turned into spaces, entities decoded, trimmed"). Both sites are parsed at text level
/// because the specs define their rules that way and libxml2's recovery would rearrange their trees.
/// Entities and whitespace are the shared text layer's (`HTMLEntities`, `TextNormal`).
enum MarkupText {
  /// The inner text of a fragment: every tag becomes one space, entities are decoded, and the result
  /// is trimmed. Whitespace inside is kept as written (the Atarimania spec does not collapse it).
  static func inner(_ fragment: Substring) -> String {
    var out = ""
    out.reserveCapacity(fragment.utf8.count)
    var inTag = false
    for ch in fragment {
      if inTag {
        if ch == ">" { inTag = false }
      } else if ch == "<" {
        inTag = true
        out.append(" ")
      } else {
        out.append(ch)
      }
    }
    return TextNormal.trim(HTMLEntities.decode(out))
  }

  static func inner(_ fragment: String) -> String { inner(fragment[...]) }

  /// The first place ASCII `markup` sits in `s`, found on its UTF-8 bytes. Foundation's
  /// `range(of:)` turns the text into UTF-16 on every call, so searching a page's paragraphs one
  /// after another cost in proportion to the page for each (most of an Atarimania refresh's
  /// parsing). An ASCII byte is a whole scalar in UTF-8, so a match never starts or ends inside
  /// a character's encoding.
  static func range(of markup: String, in s: Substring) -> Range<Substring.Index>? {
    let needle = Array(markup.utf8)
    let u = s.utf8
    let searched = u.withContiguousStorageIfAvailable { h in
      needle.withUnsafeBytes { n in TextBytes.firstOffset(of: n, in: UnsafeRawBufferPointer(h)) }
    }
    // Text not stored as UTF-8 (none that this project decodes) is left to Foundation.
    guard let offset = searched else { return s.range(of: markup) }
    guard let k = offset else { return nil }
    let lower = u.index(u.startIndex, offsetBy: k)
    return lower..<u.index(lower, offsetBy: needle.count)
  }

  /// The value of the first `name="…"` attribute at or after `from`, with its range; quotes must be
  /// double quotes, as both sites write them.
  static func attribute(_ name: String, in s: Substring) -> (value: Substring, range: Range<Substring.Index>)? {
    guard let r = s.range(of: name + "=\"") else { return nil }
    guard let close = s[r.upperBound...].firstIndex(of: "\"") else { return nil }
    return (s[r.upperBound..<close], r.lowerBound..<s.index(after: close))
  }

  /// The earliest English month name in `s` (case-insensitive) as 1…12: "July / August" is July.
  static func earliestMonth(in s: String) -> Int? {
    let lower = s.lowercased()
    var best: (offset: Int, month: Int)?
    for (i, name) in monthNames.enumerated() {
      guard let r = lower.range(of: name) else { continue }
      let offset = lower.distance(from: lower.startIndex, to: r.lowerBound)
      if best == nil || offset < (best?.offset ?? Int.max) { best = (offset, i + 1) }
    }
    return best?.month
  }

  static let monthNames = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
  ]

  /// The 1-based line of an index in the page, for error messages.
  static func line(of index: String.Index, in s: String) -> Int {
    var n = 1
    for c in s.utf8[..<index] where c == 0x0A { n += 1 }
    return n
  }
}
