import Foundation

/// Writes catalogues in the one canonical encoding (catalogue-format §2): 2-space pretty print,
/// `"key" : value`, sorted keys, unescaped slashes, absent optionals omitted, no trailing newline.
public enum CatalogueEncoder {
  public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
    if let issues = value as? IssueCatalogue { return IssueCatalogueText.bytes(issues) }
    return try foundation(value)
  }

  /// The same through Foundation's encoder: the shapes without a writer of their own use it, and
  /// `IssueCatalogueText` is held to its bytes.
  public static func foundation<T: Encodable>(_ value: T) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(value)
    while data.last == 0x0A { data.removeLast() }
    return [UInt8](data)
  }
}

/// The shared catalogue shape written straight to bytes, exactly as `CatalogueEncoder.foundation`
/// writes it (keys in sorted order, spelled out here): every build encodes its shelves, and a
/// BombJack refresh spent more on Foundation's encoder walking 18,000 issues than on its writes.
enum IssueCatalogueText {
  static func bytes(_ c: IssueCatalogue) -> [UInt8] {
    var w = Writer()
    w.out.reserveCapacity(64 + c.series.count * 96 + c.issues.count * 320)
    w.open("{")
    w.key("base", first: true, 1)
    w.string(c.base)
    w.key("generated", 1)
    w.string(c.generated)
    w.key("issues", 1)
    w.array(c.issues, 1) { w, issue in issueObject(issue, &w) }
    w.key("series", 1)
    w.array(c.series, 1) { w, s in seriesObject(s, &w) }
    w.key("version", 1)
    w.number(c.version)
    w.close("}", 0)
    return w.out
  }

  private static func issueObject(_ i: Issue, _ w: inout Writer) {
    w.open("{")
    // Sorted: bytes, cover, dead, id, month, number, pages, series, thumb, title, year, zip.
    var first = true
    func key(_ name: String, _ w: inout Writer) {
      w.key(name, first: first, 3)
      first = false
    }
    if let bytes = i.bytes {
      key("bytes", &w)
      w.number(bytes)
    }
    if let cover = i.cover {
      key("cover", &w)
      w.string(cover)
    }
    if let dead = i.dead {
      key("dead", &w)
      w.raw(dead ? "true" : "false")
    }
    key("id", &w)
    w.string(i.id)
    if let month = i.month {
      key("month", &w)
      w.number(month)
    }
    key("number", &w)
    w.number(i.number)
    if let pages = i.pages {
      key("pages", &w)
      w.number(pages)
    }
    key("series", &w)
    w.string(i.series)
    if let thumb = i.thumb {
      key("thumb", &w)
      w.string(thumb)
    }
    key("title", &w)
    w.string(i.title)
    if let year = i.year {
      key("year", &w)
      w.number(year)
    }
    key("zip", &w)
    w.string(i.zip)
    w.close("}", 2)
  }

  private static func seriesObject(_ s: Series, _ w: inout Writer) {
    w.open("{")
    w.key("code", first: true, 3)
    w.string(s.code)
    w.key("key", 3)
    w.string(s.key)
    if let language = s.language {
      w.key("language", 3)
      w.string(language)
    }
    w.key("name", 3)
    w.string(s.name)
    w.close("}", 2)
  }

  /// Pretty-printed JSON as Foundation lays it out: two spaces a level, `"key" : value`, each member
  /// and element on its own line, an empty array as an empty line between its brackets.
  private struct Writer {
    var out: [UInt8] = []

    mutating func raw(_ s: StaticString) {
      s.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    mutating func open(_ bracket: StaticString) { raw(bracket) }

    mutating func newline(_ depth: Int) {
      out.append(0x0A)
      for _ in 0..<depth { out.append(contentsOf: [0x20, 0x20]) }
    }

    /// A member's key at `depth`, after a comma unless it is the first.
    mutating func key(_ name: String, first: Bool = false, _ depth: Int) {
      if !first { out.append(0x2C) }
      newline(depth)
      JSONString.append(name, to: &out)
      raw(" : ")
    }

    mutating func close(_ bracket: StaticString, _ depth: Int) {
      newline(depth)
      raw(bracket)
    }

    mutating func string(_ s: String) { JSONString.append(s, to: &out, namingBackspaceAndFormFeed: true) }

    mutating func number<N: BinaryInteger>(_ n: N) { out.append(contentsOf: String(n).utf8) }

    mutating func array<E>(_ elements: [E], _ depth: Int, _ each: (inout Writer, E) -> Void) {
      raw("[")
      if elements.isEmpty {
        // Foundation's empty array: an empty line between its brackets.
        out.append(0x0A)
        close("]", depth)
        return
      }
      for (n, e) in elements.enumerated() {
        if n > 0 { out.append(0x2C) }
        newline(depth + 1)
        each(&self, e)
      }
      close("]", depth)
    }
  }
}
