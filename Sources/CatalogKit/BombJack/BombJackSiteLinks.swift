import Foundation

/// Which links the walk follows.
public enum BombJackSiteLinks {
  /// A link the walk follows, and whether it named a folder without its trailing slash.
  public struct Link: Sendable, Equatable {
    /// The normalised page: https, lowercased host, no query or fragment; folders end in `/`.
    public var url: URL
    /// The href wrote a folder without its slash (`/commodore/geos`). The walk reads the folder
    /// once; the run naming counts such a folder twice, as the shipped shelves' walk fetched both
    /// spellings as two pages (see `BombJackCatalogueAssembly.shortNameUses`).
    public var slashless: Bool
  }

  /// The normalised page a link leads to, or nil when the walk must not follow it: anchors and
  /// mail links, other hosts, files that are not HTML, FrontPage tool folders. The query is dropped,
  /// which folds Apache's sort links (`?C=N;O=D`) into the folder itself; folders end in `/`.
  public static func followable(_ href: String, from page: URL) -> URL? {
    link(href, from: page)?.url
  }

  /// `followable`, also telling whether the href wrote a folder without its trailing slash.
  public static func link(_ href: String, from page: URL) -> Link? {
    let h = href.trimmingCharacters(in: .whitespacesAndNewlines)
    if h.hasPrefix("#") || h.lowercased().hasPrefix("mailto:") { return nil }
    guard let u = BombJackSiteAddress.resolve(h, against: page),
      let scheme = u.scheme?.lowercased(), scheme == "http" || scheme == "https",
      u.host(percentEncoded: true)?.lowercased() == BombJackSite.host
    else { return nil }
    let ext = BombJackSiteAddress.pathExtension(u)
    guard ext.isEmpty || ext == "htm" || ext == "html", !BombJackSite.isToolPath(u) else { return nil }
    guard var text = BombJackSiteAddress.text(of: u, scheme: "https", keepQuery: false) else { return nil }
    // An extension-less path is an Apache folder: "/commodore/commodore" answers with a redirect to
    // "/commodore/commodore/", and the listing's relative links only resolve right against the
    // slashed form (the fetcher follows the redirect but reports the URL asked for).
    let slashless = ext.isEmpty && !text.hasSuffix("/")
    if slashless { text += "/" }
    guard let url = URL(string: text) else { return nil }
    return Link(url: url, slashless: slashless)
  }
}
