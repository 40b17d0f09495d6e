/// The page count a BookReader scandata XML states.
public enum Scandata {
  /// `<leafCount>N</leafCount>` (case-insensitive, whitespace allowed, N > 0); otherwise the number of
  /// `<page` element openings (a word boundary after `page`, so `<pageData>` and `<pageType>` do not
  /// count); otherwise nil. Scanned as bytes: the files run to hundreds of kilobytes.
  public static func pageCount(_ bytes: [UInt8]) -> Int? {
    if let n = leafCount(bytes), n > 0 { return n }
    let pages = pageOpenings(bytes)
    return pages > 0 ? pages : nil
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
