import Foundation

/// The fixed facts about DLH's Commodore Archive that the crawl and the filters rely on.
public enum BombJackSite {
  /// Where the walk starts.
  public static let root = "https://commodore.bombjack.org/"
  /// The host the walk stays on.
  public static let host = "commodore.bombjack.org"
  /// Hosts whose files may be listed. `bombjack.org` and `www.bombjack.org` are known addresses of
  /// the same archive, accepted for covers, but they serve no TLS, so no download can live there.
  public static let knownHosts: Set<String> = [
    "commodore.bombjack.org", "bombjack.org", "www.bombjack.org", "arcarc.xmission.com",
  ]
  /// Hosts that answer over TLS: `http` links to them are upgraded, and every download must be one.
  public static let tlsHosts: Set<String> = ["commodore.bombjack.org", "arcarc.xmission.com"]
  /// The download hosts the app accepts for this source (catalogue-format §4).
  public static let downloadHosts: Set<String> = tlsHosts
  /// File types that are issues; anything else linked from a cell is not.
  public static let archiveExtensions: Set<String> = ["zip", "pdf", "cbz", "cbr", "7z"]
  /// FrontPage's own folders: they once produced hundreds of phantom entries.
  public static let toolFolders = ["/_vti_cnf", "/_vti_pvt", "/_vti_bin", "/_vti_txt", "/_private"]
  /// Folder names that say nothing about a listing's content, skipped when naming its run.
  public static let containerWords: Set<String> = [
    "pdf", "pdfs", "zip", "zips", "files", "images", "img", "thumbnails", "thumbs", "scans", "docs",
    "download", "downloads",
  ]
  /// The yearly "what's new" pages: their links are followed, their cells repeat other pages.
  public static let changelogMarker = "/archive/index-archive-"

  /// True for FrontPage tool folders (`/_vti_cnf/…`, or a path ending in one).
  public static func isToolPath(_ url: URL) -> Bool {
    let path = url.path(percentEncoded: true).lowercased()
    return toolFolders.contains { path.contains($0 + "/") || path.hasSuffix($0) }
  }

  /// True for the changelog pages, read only for links.
  public static func isChangelog(_ url: URL) -> Bool {
    url.path(percentEncoded: true).lowercased().contains(changelogMarker)
  }
}
