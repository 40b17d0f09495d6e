import Foundation

/// The page count a BookReader scandata XML states.
public enum ArchiveScandata {
  /// `<leafCount>N</leafCount>` (case-insensitive, whitespace allowed, N > 0); otherwise the number of
  /// `<page` element openings (a word boundary after `page`, so `<pageData>` and `<pageType>` do not
  /// count); otherwise nil. Scanned as bytes: the files run to hundreds of kilobytes.
  ///
  /// - Throws: `ArchiveError.scandataCutShort` when the document does not end by closing its root
  ///   element: a body cut in transit would otherwise count only the pages it still holds.
  public static func pageCount(_ bytes: [UInt8], url: URL) throws(ArchiveError) -> Int? {
    guard let root = rootName(bytes), endsClosing(root, bytes) else {
      throw .scandataCutShort(
        url: url, bytes: bytes.count, root: rootName(bytes).map { String(decoding: $0, as: UTF8.self) })
    }
    if let n = leafCount(bytes), n > 0 { return n }
    let pages = pageOpenings(bytes)
    return pages > 0 ? pages : nil
  }

  /// The name of the document's first element, after the BOM, the XML declaration, comments and a
  /// doctype; nil when there is none. A self-closing root (`<book/>`) comes back empty: nothing to close.
  static func rootName(_ b: [UInt8]) -> [UInt8]? {
    var i = 0
    if b.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    while i < b.count {
      if isSpace(b[i]) {
        i += 1
        continue
      }
      guard b[i] == UInt8(ascii: "<"), i + 1 < b.count else { return nil }
      let next = b[i + 1]
      if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
        let close: [UInt8] = b[i...].starts(with: Array("<!--".utf8)) ? Array("-->".utf8) : [UInt8(ascii: ">")]
        guard let end = findExact(close, in: b, from: i + 2) else { return nil }
        i = end + close.count
        continue
      }
      var j = i + 1
      while j < b.count, !isSpace(b[j]), b[j] != UInt8(ascii: ">"), b[j] != UInt8(ascii: "/") { j += 1 }
      guard j > i + 1, j < b.count else { return nil }
      let name = Array(b[(i + 1)..<j])
      // `<book/>` or `<book a="1"/>`: the root closes itself where its tag ends.
      if let gt = b[j...].firstIndex(of: UInt8(ascii: ">")), gt > j, b[gt - 1] == UInt8(ascii: "/") { return [] }
      return name
    }
    return nil
  }

  /// Whether the document's last markup closes `root` (`</book>`, whitespace allowed before `>`).
  static func endsClosing(_ root: [UInt8], _ b: [UInt8]) -> Bool {
    if root.isEmpty { return true }
    var end = b.count
    while end > 0, isSpace(b[end - 1]) || b[end - 1] == 0 { end -= 1 }
    guard end > 0, b[end - 1] == UInt8(ascii: ">") else { return false }
    var k = end - 1
    while k > 0, isSpace(b[k - 1]) { k -= 1 }
    let tag = [UInt8(ascii: "<"), UInt8(ascii: "/")] + root
    guard k >= tag.count else { return false }
    return b[(k - tag.count)..<k].elementsEqual(tag)
  }

  static func findExact(_ needle: [UInt8], in b: [UInt8], from start: Int) -> Int? {
    var i = start
    while i + needle.count <= b.count {
      if b[i..<(i + needle.count)].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
  }

  static func leafCount(_ b: [UInt8]) -> Int? {
    let open = Array("<leafcount".utf8)
    var i = 0
    while let at = find(open, in: b, from: i) {
      var j = at + open.count
      while j < b.count, isSpace(b[j]) { j += 1 }
      guard j < b.count, b[j] == UInt8(ascii: ">") else {
        i = at + 1
        continue
      }
      j += 1
      while j < b.count, isSpace(b[j]) { j += 1 }
      var value = 0
      var digits = 0
      while j < b.count, b[j] >= UInt8(ascii: "0"), b[j] <= UInt8(ascii: "9"), digits < 9 {
        value = value * 10 + Int(b[j] - UInt8(ascii: "0"))
        digits += 1
        j += 1
      }
      while j < b.count, isSpace(b[j]) { j += 1 }
      if digits > 0, j + 1 < b.count, b[j] == UInt8(ascii: "<"), b[j + 1] == UInt8(ascii: "/") {
        return value
      }
      i = at + 1
    }
    return nil
  }

  static func pageOpenings(_ b: [UInt8]) -> Int {
    let open = Array("<page".utf8)
    var count = 0
    var i = 0
    while let at = find(open, in: b, from: i) {
      let next = at + open.count
      if next >= b.count || !isWordByte(b[next]) { count += 1 }
      i = next
    }
    return count
  }

  /// Case-insensitive (ASCII) search for a lowercase needle.
  static func find(_ needle: [UInt8], in b: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, b.count >= needle.count else { return nil }
    var i = start
    let last = b.count - needle.count
    while i <= last {
      if lower(b[i]) == needle[0] {
        var k = 1
        while k < needle.count, lower(b[i + k]) == needle[k] { k += 1 }
        if k == needle.count { return i }
      }
      i += 1
    }
    return nil
  }

  static func lower(_ c: UInt8) -> UInt8 {
    c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c + 32 : c
  }

  static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

  static func isWordByte(_ c: UInt8) -> Bool {
    (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
      || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c >= 0x80
  }
}
