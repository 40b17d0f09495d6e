import Foundation

/// RetroSpec's addresses: one static Apache archive on one small server.
public enum RetroSpecSite {
  public static let host = "retrospec.elite.org"
  /// The catalogue `base`; zip, cover and thumb paths are stored relative to it.
  public static let base = "https://retrospec.elite.org/pcsux/"
  /// The title every page of the archive carries (`<title>ex-YU Racunalniska Scena</title>`): an
  /// error page served in a page's place does not.
  static let siteTitle = "ex-YU Racunalniska Scena"

  /// The twelve index pages, in the order that defines "order of discovery".
  public static let indexPages = [
    "indexAS", "indexBIT", "indexCN", "indexGal", "indexKnjige", "indexMG",
    "indexMMHrv", "indexMMSlo", "indexPJ", "indexRA", "indexSK", "indexSpecial",
  ]

  public static func indexURL(_ name: String) -> URL? { URL(string: base + name + ".html") }

  /// The issue metadata ("magshow") page of an id.
  public static func magshowURL(_ id: String) -> URL? {
    URL(string: "https://retrospec.elite.org/users/tomcat/yu/magshow.php?all=" + id)
  }

  /// A path from a page made absolute: a relative href is prefixed with the base, one starting with
  /// `http` is kept as it is.
  public static func absolute(_ href: String) -> String {
    href.lowercased().hasPrefix("http") ? href : base + href
  }

  /// A path as the catalogue stores it: relative to the base when it is under it, else absolute.
  public static func relative(_ href: String) -> String {
    let a = absolute(href)
    return a.hasPrefix(base) ? String(a.dropFirst(base.count)) : a
  }
}
