import Foundation

/// Where Atarimania's pages and files live, and what the build asks of them.
public enum AtarimaniaSite {
  public static let host = "www.atarimania.com"
  /// The catalogue's `base`; every `zip` and `cover` is relative to it.
  public static let base = "https://www.atarimania.com/"
  public static let catalogueFile = "atarimania-catalog.json"
  /// The list of every magazine title.
  public static let indexURL = URL(string: "https://www.atarimania.com/magazines")
  /// The CDN in front of the site answers a non-browser User-Agent with a challenge page, so this
  /// source sends the browser string the reference sent (spec: atarimania "Site"), the one known to
  /// pass this CDN. A full Chrome string without the client hints Chrome sends is a likelier bot
  /// signal, not a safer one.
  public static let browserUserAgent = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)"

  /// One title's page, `https://www.atarimania.com/magazines/<id>`.
  public static func titleURL(_ id: String) -> URL? {
    URL(string: "https://www.atarimania.com/magazines/\(id)")
  }

  /// The absolute URL of a catalogue path such as `mags/pdf/Foo_07.pdf`.
  public static func url(ofPath path: String) -> URL? { URL(string: base + path) }
}
