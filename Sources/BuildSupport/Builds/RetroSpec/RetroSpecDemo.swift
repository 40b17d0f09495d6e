import CatalogKit
import Foundation

/// RetroSpec's sample: the twelve index pages the tool always reads, each with one or two issue cells
/// in the site's markup (the page frame is the fixture `index-books-utf8.html`, which is also served
/// whole as the books page), one metadata page per issue made from `magshow-issue.html` and
/// `magshow-book.html`, and a HEAD size per archive, one of them missing to show a dead issue.
enum RetroSpecDemo {
  struct Cell {
    var page: String
    var id: String
    var label: String
    var folder: String
    var seriesName: String
    var title: String
    var jezik: String
  }

  static let cells: [Cell] = [
    Cell(
      page: "indexSK", id: "SK_86_04", label: "1986 - 04", folder: "SKH", seriesName: "Svet Kompjutera",
      title: "1986 April #4", jezik: "srpski"),
    Cell(
      page: "indexSK", id: "SK_86_05", label: "1986 - 05", folder: "SKH", seriesName: "Svet Kompjutera",
      title: "1986 Maj #5", jezik: "srpski"),
    Cell(
      page: "indexRA", id: "RA_88_03", label: "1988 - 03", folder: "RAH", seriesName: "Racunari", title: "1988 Mart #3",
      jezik: "srpski"),
    Cell(
      page: "indexMMSlo", id: "MMS_85_02", label: "1985 - 02", folder: "MMSH", seriesName: "Moj Mikro",
      title: "1985 Februar #2", jezik: "slovenski"),
    Cell(
      page: "indexGal", id: "GAL_84_01", label: "1984 - 01", folder: "GALH", seriesName: "Galaksija",
      title: "1984 Januar #1", jezik: "srpski"),
    Cell(
      page: "indexMMHrv", id: "MMH_93_03", label: "1993 - 03", folder: "MMHH", seriesName: "Moj Mikro",
      title: "1993 Ozujak #3", jezik: "hrvatski"),
    Cell(
      page: "indexMG", id: "MG_91_06", label: "1991 - 06", folder: "MGH", seriesName: "Megazin", title: "1991 Junij #6",
      jezik: "slovenski"),
    Cell(
      page: "indexBIT", id: "BIT_90_11", label: "1990 - 11", folder: "BITH", seriesName: "BIT",
      title: "1990 November #11", jezik: "slovenski"),
    Cell(
      page: "indexSpecial", id: "SI_95_12", label: "1995 - 12", folder: "SIH", seriesName: "Svet Igara",
      title: "1995 Decembar #12", jezik: "srpski"),
    Cell(
      page: "indexCN", id: "CN_94_01", label: "1994 - 01", folder: "CNH", seriesName: "Club Nintendo",
      title: "1994 Januar #1", jezik: "slovenski"),
    Cell(
      page: "indexAS", id: "AmSt_92_11", label: "1992 - 11", folder: "AmStH", seriesName: "Amiga Style",
      title: "1992 Novembar #11", jezik: "srpski"),
    Cell(
      page: "indexPJ", id: "PJ_95_10", label: "1995 - 10", folder: "PJH", seriesName: "PlayJoy",
      title: "1995 Oktobar #10", jezik: "srpski"),
  ]

  /// The books page is the fixture as it is; these are its two books.
  static let books = ["Knjige_Prirucnik", "Knjige_Odrzavanje"]
  /// An archive the server does not have: the catalogue marks its issue dead.
  static let deadID = "RA_88_03"

  @Sendable static func sample(_ fx: DemoFixtures) throws -> DemoSample {
    let host = RetroSpecSite.host
    let frame = try fx.text("RetroSpec/index-books-utf8.html")
    let magshow = try fx.text("RetroSpec/magshow-issue.html")
    var s = DemoSample(
      summary:
        "12 index pages, \(Plural.count(cells.count + books.count, "issue")) in 12 series, one archive missing (dead)")
    for page in RetroSpecSite.indexPages where page != "indexKnjige" {
      let html = indexPage(frame: frame, cells: cells.filter { $0.page == page })
      s.pages["\(host)/pcsux/\(page).html"] = Array(html.utf8)
    }
    s.pages["\(host)/pcsux/indexKnjige.html"] = Array(frame.utf8)
    for (n, c) in cells.enumerated() {
      let page = magshow.replacingOccurrences(of: "SK_86_05", with: c.id)
        .replacingOccurrences(of: "Svet Kompjutera", with: c.seriesName)
        .replacingOccurrences(of: "1986 Maj #5", with: c.title)
        .replacingOccurrences(of: "Jezik: srpski", with: "Jezik: \(c.jezik)")
      s.pages["\(host)/users/tomcat/yu/magshow.php?all=\(c.id)"] = Array(page.utf8)
      if c.id != deadID { s.sizes["\(host)/pcsux/\(zip(c))"] = 9_000_000 + n * 731_117 }
    }
    let book = try fx.text("RetroSpec/magshow-book.html")
    for (n, id) in books.enumerated() {
      s.pages["\(host)/users/tomcat/yu/magshow.php?all=\(id)"] = Array(
        book.replacingOccurrences(of: "Knjige_Prirucnik", with: id).utf8)
      s.sizes["\(host)/pcsux/KnjigeH/ZIP/\(id.dropFirst("Knjige_".count)).zip"] = 4_500_000 + n * 100_003
    }
    s.arguments = ["--min-issues", String(cells.count + books.count)]
    return s
  }

  static func zip(_ c: Cell) -> String {
    let parts = c.id.split(separator: "_")
    return "\(c.folder)/ZIP/19\(parts[1])_\(parts[2]).zip"
  }

  /// The fixture's frame with its issue cells replaced by `cells`, written the way the site writes them.
  static func indexPage(frame: String, cells: [Cell]) -> String {
    let open = "<!-- CONTENT -->"
    let close = "<!-- /CONTENT -->"
    guard let a = frame.range(of: open), let b = frame.range(of: close) else { return frame }
    var body =
      "\n            <table width=\"100%\" cellpadding=\"0\" cellspacing=\"1\" border=\"0\">\n                <tr>\n"
    for c in cells {
      let cover = c.id.replacingOccurrences(of: "_", with: "")
      body += """
                            <td width="70" align="center">
                                <font size="1" COLOR="abaab7">
                                \(c.label)<br>
                                <a href="https://retrospec.elite.org/users/tomcat/yu/magshow.php?all=\(c.id)"><img src="\(c.folder)/\(cover)-00.jpg" width="68" height="93" alt="" border="0"></a><br>
                                <a href="\(zip(c))">zip</a> <a href="\(c.folder)/Covers/\(cover)-00.jpg">cover</a>
                                </font>
                            </td>

        """
    }
    body += "                 </tr>\n            </table>\n\n            "
    return String(frame[..<a.upperBound]) + body + String(frame[b.lowerBound...])
  }
}
