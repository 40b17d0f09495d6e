import Foundation

/// Which links the walk follows.
public enum SiteLinks {
  /// The normalised page a link leads to, or nil when the walk must not follow it: anchors and
  /// mail links, other hosts, files that are not HTML, FrontPage tool folders. The query is dropped,
  /// which folds Apache's sort links (`?C=N;O=D`) into the folder itself; folders end in `/`.
  public static func followable(_ href: String, from page: URL) -> URL? {
    let h = href.trimmingCharacters(in: .whitespacesAndNewlines)
    if h.hasPrefix("#") || h.lowercased().hasPrefix("mailto:") { return nil }
    guard let u = SiteAddress.resolve(h, against: page),
      let scheme = u.scheme?.lowercased(), scheme == "http" || scheme == "https",
      u.host(percentEncoded: true)?.lowercased() == BombJackSite.host
    else { return nil }
    let ext = SiteAddress.pathExtension(u)
    guard ext.isEmpty || ext == "htm" || ext == "html", !BombJackSite.isToolPath(u) else { return nil }
    guard var text = SiteAddress.text(of: u, scheme: "https", keepQuery: false) else { return nil }
    // An extension-less path is an Apache folder: "/commodore/commodore" answers with a redirect to
    // "/commodore/commodore/", and the listing's relative links only resolve right against the
    // slashed form (the fetcher follows the redirect but reports the URL asked for).
    if ext.isEmpty, !text.hasSuffix("/") { text += "/" }
    return URL(string: text)
  }
}
