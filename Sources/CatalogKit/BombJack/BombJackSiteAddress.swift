import Foundation

/// URL arithmetic for the archive's hand-written links: resolving, normalising, naming.
public enum BombJackSiteAddress {
  /// Resolves an `href`/`src` against the page, percent-encoding what hand-written links leave raw
  /// (spaces, `[`, non-ASCII). Nil for empty values and values that still do not parse.
  public static func resolve(_ reference: String, against page: URL) -> URL? {
    let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    if let u = URL(string: trimmed, relativeTo: page) { return u.absoluteURL }
    guard let escaped = trimmed.addingPercentEncoding(withAllowedCharacters: linkAllowed) else { return nil }
    return URL(string: escaped, relativeTo: page)?.absoluteURL
  }

  /// Characters a link may keep as written: the URL grammar's own, plus `%` for existing escapes.
  private static let linkAllowed: CharacterSet = {
    var s = CharacterSet.urlQueryAllowed
    s.formUnion(.urlPathAllowed)
    s.insert(charactersIn: "%#?/:@")
    return s
  }()

  /// The URL written back as text with its host lowercased, its scheme replaced if given, and no
  /// fragment; the path and query keep their percent-encoding exactly.
  public static func text(
    of url: URL, scheme: String? = nil, keepQuery: Bool = true
  ) -> String? {
    guard let host = url.host(percentEncoded: true)?.lowercased(), !host.isEmpty,
      let s = scheme ?? url.scheme?.lowercased()
    else { return nil }
    var out = s + "://" + host
    if let port = url.port { out += ":\(port)" }
    let path = url.path(percentEncoded: true)
    out += path.isEmpty ? "/" : path
    if keepQuery, let q = url.query(percentEncoded: true) { out += "?" + q }
    return out
  }

  /// The last path component, percent-decoded ("Dragon Magazine #001.zip").
  public static func fileName(_ url: URL) -> String {
    let path = url.path(percentEncoded: true)
    let last = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
    return last.removingPercentEncoding ?? last
  }

  /// The lowercased extension of the last path segment; empty for folders (`/a/b/`).
  public static func pathExtension(_ url: URL) -> String {
    let path = url.path(percentEncoded: true)
    if path.hasSuffix("/") { return "" }
    guard let last = path.split(separator: "/").last, let dot = last.lastIndex(of: ".") else { return "" }
    return String(last[last.index(after: dot)...]).lowercased()
  }

  /// The path's non-empty segments, percent-decoded.
  public static func segments(_ url: URL) -> [String] {
    url.path(percentEncoded: true).split(separator: "/").map { s in
      String(s).removingPercentEncoding ?? String(s)
    }
  }
}
