import Foundation

/// The app's cross-device identity of an issue (catalogue-format §7): the SHA-256 of five terms
/// joined by U+001F. A changed identity loses users' read state and bookmarks, so `catalog diff`
/// reports identity changes and `catalog check` reports identities that collide within a file.
public enum IssueIdentity {
  /// The key the app hashes: site, code (`id`), number, folded title, series value.
  public static func key(site: String, code: String?, number: Int?, title: String, series: String?) -> String {
    [site, code ?? "", number.map(String.init) ?? "-1", foldTitle(title), series ?? ""].joined(separator: "\u{1F}")
  }

  /// The record name: lowercase hex SHA-256 of the key's UTF-8 bytes.
  public static func record(site: String, code: String?, number: Int?, title: String, series: String?) -> String {
    SHA256.hex(key(site: site, code: code, number: number, title: title, series: series))
  }

  /// The app's general-purpose fold: lowercase, strip diacritics, `đ` to `d`, anything but letters,
  /// digits and spaces to a space, whitespace collapsed and trimmed.
  ///
  /// Most titles are ASCII, where lowercasing and canonical decomposition change nothing and the
  /// letters and digits are `a`–`z`, `A`–`Z` and `0`–`9`: those are folded byte by byte. Asking
  /// Unicode's tables about every scalar made `catalog check` and `diff` twenty times slower than
  /// `validate` on long titles (issue 18, item 9).
  public static func foldTitle(_ title: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(title.utf8.count)
    var pendingSpace = false
    func keep(_ bytes: some Sequence<UInt8>) {
      if pendingSpace && !out.isEmpty { out.append(0x20) }
      pendingSpace = false
      out.append(contentsOf: bytes)
    }
    if title.utf8.allSatisfy({ $0 < 0x80 }) {
      for b in title.utf8 {
        let lower = b >= 0x41 && b <= 0x5A ? b | 0x20 : b
        if isASCIILetterOrDigit(lower) { keep(CollectionOfOne(lower)) } else { pendingSpace = true }
      }
      return String(decoding: out, as: UTF8.self)
    }
    for scalar in title.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
      if scalar.isASCII {
        let b = UInt8(scalar.value)
        if isASCIILetterOrDigit(b) { keep(CollectionOfOne(b)) } else { pendingSpace = true }
        continue
      }
      let p = scalar.properties
      if p.generalCategory == .nonspacingMark || p.generalCategory == .enclosingMark
        || p.generalCategory == .spacingMark
      {
        continue
      }
      let mapped: Unicode.Scalar = scalar == "đ" ? "d" : scalar
      if mapped.properties.isAlphabetic || mapped.properties.numericType == .decimal {
        keep(String(mapped).utf8)
      } else {
        pendingSpace = true
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// What Unicode calls alphabetic or a decimal digit, among ASCII bytes.
  private static func isASCIILetterOrDigit(_ b: UInt8) -> Bool {
    (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
  }

  /// Identity records of every issue in an issue catalogue, with the series *name* as the series
  /// term (what the reference seeding stores; see §7).
  public static func records(of c: IssueCatalogue, site: String) -> [(id: String, record: String)] {
    var names: [String: String] = [:]
    for s in c.series where names[s.key] == nil { names[s.key] = s.name }
    return c.issues.map { i in
      (i.id, record(site: site, code: i.id, number: i.number, title: i.title, series: names[i.series]))
    }
  }

  /// Identity records of PopBoks issues (no series) and Stripovi comics (series name or none).
  public static func records(of c: PopBoksCatalogue, site: String) -> [(id: String, record: String)] {
    c.issues.map { ("\($0.id)", record(site: site, code: "\($0.id)", number: $0.number, title: $0.title, series: nil)) }
  }

  public static func records(of c: StripoviCatalogue, site: String) -> [(id: String, record: String)] {
    c.comics.map {
      ("\($0.id)", record(site: site, code: "\($0.id)", number: $0.number, title: $0.title, series: $0.series))
    }
  }

  public static func records(of c: AnyCatalogue, site: String) -> [(id: String, record: String)] {
    switch c {
    case .issue(let c): records(of: c, site: site)
    case .popboks(let c): records(of: c, site: site)
    case .stripovi(let c): records(of: c, site: site)
    }
  }

  /// Each record's identity key (what `records` hashes), for finding collisions without hashing.
  public static func keys(of c: AnyCatalogue, site: String) -> [(id: String, record: String)] {
    switch c {
    case .issue(let c):
      var names: [String: String] = [:]
      for s in c.series where names[s.key] == nil { names[s.key] = s.name }
      return c.issues.map { i in
        (i.id, key(site: site, code: i.id, number: i.number, title: i.title, series: names[i.series]))
      }
    case .popboks(let c):
      return c.issues.map {
        ("\($0.id)", key(site: site, code: "\($0.id)", number: $0.number, title: $0.title, series: nil))
      }
    case .stripovi(let c):
      return c.comics.map {
        ("\($0.id)", key(site: site, code: "\($0.id)", number: $0.number, title: $0.title, series: $0.series))
      }
    }
  }

  /// Groups of ids whose identities collide, in file order; each group has two or more ids.
  public static func collisions(_ records: [(id: String, record: String)]) -> [[String]] {
    var groups: [String: [String]] = [:]
    var order: [String] = []
    for r in records {
      if groups[r.record] == nil { order.append(r.record) }
      groups[r.record, default: []].append(r.id)
    }
    return order.compactMap { groups[$0].flatMap { $0.count > 1 ? $0 : nil } }
  }
}
