import Foundation

/// Where a comic's page images are: page n is `<dir>/<prefix><n zero-padded to width><ext>`
/// (spec: sources/stripovi.md, "Page-address rule").
public struct StripoviPageRule: Sendable, Hashable, Codable, CustomStringConvertible {
  public var dir: String
  public var prefix: String
  public var width: Int
  public var ext: String

  public init(dir: String, prefix: String, width: Int, ext: String) {
    self.dir = dir
    self.prefix = prefix
    self.width = width
    self.ext = ext
  }

  public var description: String { "\(dir)/\(prefix){\(width)}\(ext)" }

  /// The path of page n, relative to the base, unencoded.
  public func path(page n: Int) -> String {
    let digits = String(n)
    let pad = String(repeating: "0", count: max(width - digits.count, 0))
    return dir + "/" + prefix + pad + digits + ext
  }

  /// The absolute address of page n, or nil outside 1…pages. The path is percent-encoded with the
  /// URL-path set, so `/` and `&` stay literal and `?` or `#` can never start a query.
  public func url(page n: Int, pages: Int, base: String = StripoviReaderPage.base) -> String? {
    guard n >= 1, n <= pages else { return nil }
    guard let encoded = path(page: n).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) else {
      return nil
    }
    return base + encoded
  }

  /// Splits an image path into folder, file stem and extension: `webcomics/X/mm0101.jpg` gives
  /// (`webcomics/X`, `mm0101`, `.jpg`).
  static func split(_ path: String) -> (dir: String, stem: String, ext: String)? {
    guard let slash = path.lastIndex(of: "/") else { return nil }
    let dir = String(path[..<slash])
    let file = path[path.index(after: slash)...]
    guard let dot = file.lastIndex(of: "."), dot > file.startIndex, !dir.isEmpty else { return nil }
    return (dir, String(file[..<dot]), String(file[dot...]))
  }

  /// Every rule that names `path` as page `n`: each width w whose last w digits of the stem read n
  /// zero-padded to w. Page 1's `Foo101` fits `Foo1` with width 2 and `Foo10` with width 1.
  public static func candidates(page n: Int, path: String) -> [StripoviPageRule] {
    guard let (dir, stem, ext) = split(path) else { return [] }
    let digits = stem.reversed().prefix { $0.isASCII && $0.isNumber }.count
    var out: [StripoviPageRule] = []
    for w in stride(from: 1, through: digits, by: 1) {
      let rule = StripoviPageRule(dir: dir, prefix: String(stem.dropLast(w)), width: w, ext: ext)
      if rule.path(page: n) == path { out.append(rule) }
    }
    return out
  }

  /// The rule that reproduces every sampled path (page → path named by its reader page), or nil.
  ///
  /// Samples from pages 1…99 cannot tell width 2 with prefix `Foo10` from width 3 with prefix
  /// `Foo1`, nor a one-digit width from two below page 10; such rules give the same address for
  /// every page the comic has, so the tie is broken by the site's habit: width 3 for comics longer
  /// than 99 pages, else width 2, else the narrowest.
  public static func fit(samples: [Int: String], pages: Int) -> StripoviPageRule? {
    guard let first = samples.keys.min(), let firstPath = samples[first] else { return nil }
    let fitting = candidates(page: first, path: firstPath).filter { rule in
      samples.allSatisfy { rule.path(page: $0.key) == $0.value }
    }
    let preferred = pages > 99 ? 3 : 2
    return fitting.first { $0.width == preferred } ?? fitting.min { $0.width < $1.width }
  }

  /// Which pages to read so `fit` can decide: page 1, a page in 10…99 when there is one, and the
  /// last page when the comic runs past 99 pages.
  public static func samplePages(pages: Int) -> [Int] {
    var out = [1]
    if pages >= 10 { out.append(10) }
    if pages > 99 { out.append(pages) }
    return out
  }
}
