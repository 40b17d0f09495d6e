import Foundation

/// The address checks every file and cover passes before it is listed.
public enum BombJackAddressFilter {
  /// The download address as the catalogue writes it, or nil when no download can work there:
  /// the host must be a known archive host (lowercased), `http` becomes `https` on the TLS hosts, and
  /// the result must be `https` on a TLS host. `https:///x.zip` typos and other people's servers fail.
  public static func download(_ url: URL) -> String? {
    guard let host = url.host(percentEncoded: true)?.lowercased(), BombJackSite.knownHosts.contains(host),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      BombJackSite.tlsHosts.contains(host)
    else { return nil }
    return BombJackSiteAddress.text(of: url, scheme: "https")
  }

  /// A cover address after the same host check; `http` stays allowed where the host has no TLS.
  public static func cover(_ url: URL) -> String? {
    guard let host = url.host(percentEncoded: true)?.lowercased(), BombJackSite.knownHosts.contains(host),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { return nil }
    return BombJackSiteAddress.text(of: url, scheme: BombJackSite.tlsHosts.contains(host) ? "https" : scheme)
  }

  /// False for cover-disk software: everything under `/disks/magazines/`, and anything but PDFs
  /// elsewhere under `/disks/`.
  public static func isPublication(_ zip: String) -> Bool {
    guard let raw = PlainURL(text: zip)?.path ?? URL(string: zip)?.path(percentEncoded: true) else { return false }
    let path = raw.lowercased()
    if ASCIIText.contains(path, "/disks/magazines/") { return false }
    if ASCIIText.contains(path, "/disks/") { return path.hasSuffix(".pdf") }
    return true
  }
}
