import Foundation

/// How pages become run names and keys, with the reference's collision rules.
public enum BombJackRunName {
  /// The page's own name for its run. Apache listings ("Index of /x/y") are named for their folder,
  /// skipping container folders (`pdf`, `files`…); other pages for the last " - " part of their
  /// title, without a trailing "Main Page".
  public static func shortName(title: String, url: URL) -> String {
    if title.lowercased().hasPrefix("index of") {
      let segments = BombJackSiteAddress.segments(url)
      let pick =
        segments.last { !BombJackSite.containerWords.contains($0.lowercased()) } ?? segments.last ?? title
      return words(pick)
    }
    let parts = title.components(separatedBy: " - ").map { $0.trimmingCharacters(in: .whitespaces) }
    var short = parts.last { !$0.isEmpty } ?? title
    for suffix in [" Main Page", " main page"] where short.hasSuffix(suffix) {
      short = String(short.dropLast(suffix.count))
    }
    return short
  }

  /// The platform a page sits under: its first path segment ("vic-20" → "Vic 20"), unless that
  /// segment is itself a page (`/index2.htm`).
  public static func platform(_ url: URL) -> String? {
    guard let first = BombJackSiteAddress.segments(url).first else { return nil }
    let lower = first.lowercased()
    if lower.hasSuffix(".htm") || lower.hasSuffix(".html") { return nil }
    return words(first)
  }

  /// The page's file stem ("books-graphics-sound.htm" → "books-graphics-sound"; a folder's own
  /// name for a listing), or nil for the site root.
  public static func stem(_ url: URL) -> String? {
    guard var last = BombJackSiteAddress.segments(url).last else { return nil }
    if let dot = last.lastIndex(of: "."), dot != last.startIndex { last = String(last[..<dot]) }
    return last.isEmpty ? nil : last
  }

  /// `-` as spaces, and each word's first letter in capitals; the rest of each word as written.
  public static func words(_ s: String) -> String {
    s.replacingOccurrences(of: "-", with: " ")
      .split(separator: " ", omittingEmptySubsequences: true)
      .map { w in w.prefix(1).uppercased() + w.dropFirst() }
      .joined(separator: " ")
  }

  /// The app's general-purpose fold: lowercase, no diacritics, `đ` as `d`, anything but letters and
  /// digits as spaces, whitespace collapsed. `Vic 20 - Foo (JP)` → `vic 20 foo jp`.
  public static func fold(_ s: String) -> String {
    var out = String.UnicodeScalarView()
    for u in s.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
      let p = u.properties
      if p.generalCategory == .nonspacingMark { continue }
      if u == "đ" {
        out.append("d")
      } else if p.isAlphabetic || p.numericType == .decimal {
        out.append(u)
      } else {
        out.append(" ")
      }
    }
    return TextNormal.collapse(String(out))
  }

  /// A page that will become a run, in walk order.
  public struct Page: Sendable {
    public var url: URL
    public var title: String
    public init(url: URL, title: String) {
      self.url = url
      self.title = title
    }
  }

  /// Names and keys for the runs, in walk order.
  ///
  /// - `shortNameUses` counts, for each short name, the pages that yielded entries at all (before
  ///   any filter). A short name two pages share gets its platform in front ("Commodore - Ahoy").
  /// - A name an earlier run already holds gets the page's stem in brackets, then ` 2`, ` 3`….
  /// - Keys fold the name; a key collision gets `-2`, `-3`…; an empty key is `page-<n>`.
  /// - `reserved` keys and names (the hand-added run) are never handed out.
  public static func assign(
    _ pages: [Page], shortNameUses: [String: Int], reserved: [BombJackRun] = []
  ) -> [BombJackRun] {
    var names = Set(reserved.map(\.name))
    var keys = Set(reserved.map(\.key))
    var out: [BombJackRun] = []
    for (index, page) in pages.enumerated() {
      let short = shortName(title: page.title, url: page.url)
      var name = short
      if shortNameUses[short, default: 0] > 1, let platform = platform(page.url) {
        name = "\(platform) - \(short)"
      }
      if names.contains(name), let stem = stem(page.url), stem.lowercased() != "index" {
        name += " (\(words(stem)))"
      }
      if names.contains(name) {
        var n = 2
        while names.contains("\(name) \(n)") { n += 1 }
        name = "\(name) \(n)"
      }
      names.insert(name)
      var key = fold(name).replacingOccurrences(of: " ", with: "-")
      if key.isEmpty { key = "page-\(index + 1)" }
      if keys.contains(key) {
        var n = 2
        while keys.contains("\(key)-\(n)") { n += 1 }
        key = "\(key)-\(n)"
      }
      keys.insert(key)
      out.append(BombJackRun(key: key, name: name))
    }
    return out
  }
}
