import Foundation

/// An http(s) URL whose text is already in normal form: lowercase scheme and host, no port,
/// userinfo or fragment, a path, and only characters that URLComponents keeps as they are. The
/// cache key and the freshness rules' target are then slices of its text, and taking them apart
/// through URLComponents for each of a warm rebuild's 38,000 answers was a tenth of its time.
/// Any other URL is nil here, and its callers go through URLComponents as before.
public struct PlainURL: Sendable {
  /// The URL's whole text.
  public let text: String
  /// Where the host starts (after `://`), in UTF-8 offsets.
  private let hostStart: Int

  public init?(_ url: URL) {
    let s = url.absoluteString
    guard let start = PlainURL.hostStart(s.utf8) else { return nil }
    text = s
    hostStart = start
  }

  /// The same for an address held as text (a download address the assembly takes apart).
  public init?(text s: String) {
    guard let start = PlainURL.hostStart(s.utf8) else { return nil }
    text = s
    hostStart = start
  }

  /// The host, as `URL.host(percentEncoded: true)` gives it (already lowercase here).
  public var host: String {
    let rest = text.utf8.dropFirst(hostStart)
    return String(Substring(rest.prefix { $0 != 0x2F }))
  }

  /// The path, as `URL.path(percentEncoded: true)` gives it: from the slash after the host up to
  /// the query.
  public var path: String {
    let rest = text.utf8.dropFirst(hostStart).drop { $0 != 0x2F }
    return String(Substring(rest.prefix { $0 != 0x3F }))
  }

  /// `host/path?query`: the text after `://`.
  public var target: String { String(Substring(text.utf8.dropFirst(hostStart))) }

  /// The offset after `http://` or `https://` when the text is plain, else nil. On the string's
  /// own bytes where it holds them in one piece (a native string does): stepping an iterator byte
  /// by byte was 3% of a warm BombJack rebuild, which takes 58,000 addresses apart.
  private static func hostStart(_ b: String.UTF8View) -> Int? {
    if let found = b.withContiguousStorageIfAvailable({ hostStart(bytes: $0) }) { return found }
    return Array(b).withUnsafeBufferPointer { hostStart(bytes: $0) }
  }

  private static func hostStart(bytes b: UnsafeBufferPointer<UInt8>) -> Int? {
    var i = 0
    func next() -> UInt8? {
      guard i < b.count else { return nil }
      defer { i += 1 }
      return b[i]
    }
    guard next() == 0x68, next() == 0x74, next() == 0x74, next() == 0x70 else { return nil }  // http
    var c = next()
    if c == 0x73 { c = next() }  // s
    guard c == 0x3A, next() == 0x2F, next() == 0x2F else { return nil }  // ://
    let start = i
    // The host: lowercase letters, digits, dots and hyphens up to the path's slash, and never two
    // hyphens in a row: URLComponents hands a punycode label (`xn--…`) back decoded.
    var hostLength = 0
    var previous: UInt8 = 0
    while true {
      guard let h = next() else { return nil }
      if h == 0x2F { break }
      guard (0x61...0x7A).contains(h) || (0x30...0x39).contains(h) || h == 0x2E || h == 0x2D else { return nil }
      if h == 0x2D, previous == 0x2D { return nil }
      previous = h
      hostLength += 1
    }
    guard hostLength > 0 else { return nil }
    // Path and query: characters no normalisation changes; a `%` only before two hex digits.
    var hexLeft = 0
    while let p = next() {
      if hexLeft > 0 {
        guard (0x30...0x39).contains(p) || (0x41...0x46).contains(p) || (0x61...0x66).contains(p) else { return nil }
        hexLeft -= 1
        continue
      }
      if p == 0x25 {
        hexLeft = 2
        continue
      }
      guard plain(p) else { return nil }
    }
    return hexLeft == 0 ? start : nil
  }

  private static func plain(_ c: UInt8) -> Bool {
    switch c {
    case 0x61...0x7A, 0x41...0x5A, 0x30...0x39: true
    case 0x2D, 0x2E, 0x5F, 0x7E: true  // - . _ ~
    case 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D: true  // ! $ & ' ( ) * + , ; =
    case 0x3A, 0x2F, 0x3F: true  // : / ?
    default: false
    }
  }
}
