import CatalogKit
import Foundation
import SiteMirrorKit

/// BombJack's sample: a small commodore.bombjack.org assembled from `Fixtures/BombJack/` (the site
/// root, a magazine grid, a directory listing with foreign links, a one-issue page, a changelog, a
/// split run and a Latin-1 books page), the site's robots.txt that disallows everything (the build
/// walks it anyway: `--ignore-robots`, the project's decision), and a HEAD size for every download.
/// The fixtures have no Amiga magazine and no games page, so two pages are made from the grid and the
/// split run by renaming their run and folders, and linked from the root. Pages the root links to that
/// the fixtures lack answer 404, as gone pages do.
enum BombJackDemo {
  /// Site path → fixture. A path ending in `/` is a folder's page.
  static let tree: [(String, String)] = [
    ("/vic-20/magazines/vic-computing/vic-computing.htm", "magazine-grid.htm"),
    ("/other/telephony/pdf/", "listing-with-foreign-links.htm"),
    ("/commodore/magazines/commodore-horizons/commodore-horizons.htm", "magazine-one-issue.htm"),
    ("/archive/index-archive-2014.htm", "changelog-2014.htm"),
    ("/commodore/misc/misc.htm", "split-run.htm"),
    ("/commodore/index.htm", "latin1-books.htm"),
  ]
  static let amigaPage = "/amiga/magazines/amiga-computing/amiga-computing.htm"
  static let gamesPage = "/commodore/games/games.htm"

  @Sendable static func sample(_ fx: DemoFixtures) throws -> DemoSample {
    let host = BombJackSite.host
    var pages: [String: [UInt8]] = [:]
    for (path, file) in tree { pages[path] = try fx.bytes("BombJack/" + file) }
    let root = try fx.text("BombJack/site-root.htm").replacingOccurrences(
      of: "</body>",
      with: "<a href=\"amiga/magazines/amiga-computing/amiga-computing.htm\">Amiga Computing</a>\n"
        + "<a href=\"commodore/games/games.htm\">Games</a>\n</body>")
    pages["/"] = Array(root.utf8)
    let grid = try fx.text("BombJack/magazine-grid.htm")
    pages[amigaPage] = Array(
      grid.replacingOccurrences(of: "Vic 20", with: "Amiga").replacingOccurrences(of: "vic-20", with: "amiga")
        .replacingOccurrences(of: "Vic Computing", with: "Amiga Computing")
        .replacingOccurrences(of: "Vic_Computing", with: "Amiga_Computing")
        .replacingOccurrences(of: "vic-computing", with: "amiga-computing").utf8)
    let split = try fx.text("BombJack/split-run.htm")
    pages[gamesPage] = Array(
      split.replacingOccurrences(of: "Commodore - Misc", with: "Commodore - Games")
        .replacingOccurrences(of: "books/commodore/misc/Misc_Book", with: "games/commodore/Game_Guide")
        .replacingOccurrences(of: "commodore/misc/Misc_Manual", with: "games/commodore/Game_Manual")
        .replacingOccurrences(of: "Misc Book", with: "Game Guide").replacingOccurrences(
          of: "Misc Manual", with: "Game Manual"
        )
        .utf8)
    var s = DemoSample(
      summary:
        "\(Plural.count(pages.count, "page")) of the site (robots.txt disallows all: --ignore-robots), sizes for every file"
    )
    s.pages["\(host)/robots.txt"] = Array("User-agent: *\nDisallow: /\n".utf8)
    let served = pages
    s.dynamic = { req in
      guard BombJackSite.downloadHosts.contains(req.host) else { return nil }
      let path = req.path.removingPercentEncoding ?? req.path
      if req.host == host, let page = served[path] {
        return MirrorResponse(status: 200, headers: ["Content-Type": "text/html"], body: page)
      }
      guard req.method == "HEAD", path.hasSuffix(".zip") || path.hasSuffix(".pdf") else { return nil }
      return MirrorResponse(
        status: 200, headers: ["Content-Type": "application/zip"], contentLength: DemoSample.size(of: path))
    }
    // The sample mirrors the real site's robots.txt, which disallows everything; the demo walks it
    // the way a person who decided to would, and the tool says so.
    s.arguments = ["--ignore-robots", "--min-share", "0", "--min-issues", "0"]
    return s
  }
}
