import Foundation

/// A RetroSpec site of any size in the real markup (the twelve index pages' issue cells, one magshow
/// page per issue), written as `HOST/PATH` for the loopback mirror, before or after a change: for
/// `bench refresh` and the refresh tests.
public struct GeneratedRetroSpec: Sendable {
  public static let host = "retrospec.elite.org"

  /// What differs between the site a first build reads and the one a refresh reads.
  public struct Change: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Two issues added to Svet Kompjutera, one removed from Računari, one Moj Mikro (SLO) row
    /// retitled (its magshow too), a new series (Pilot Video, two issues) on the special page.
    public static let listings = Change(rawValue: 1)
    /// Only a magshow page changes (a Galaksija issue's month becomes "Prvi"): no listing shows it.
    public static let detailOnly = Change(rawValue: 2)
  }

  /// Series on the site: key, index page, folder, magshow name.
  static let series: [(key: String, page: String, name: String)] = [
    ("SK", "indexSK", "Svet Kompjutera"), ("RA", "indexRA", "Racunari"), ("MMS", "indexMMSlo", "Moj Mikro"),
    ("GAL", "indexGal", "Galaksija"), ("MMH", "indexMMHrv", "Moj Mikro"), ("MG", "indexMG", "Megazin"),
    ("BIT", "indexBIT", "BIT"), ("SI", "indexSpecial", "Svet Igara"), ("CN", "indexCN", "Club Nintendo"),
    ("AmSt", "indexAS", "Amiga Style"), ("PJ", "indexPJ", "PlayJoy"),
  ]
  static let pages = [
    "indexAS", "indexBIT", "indexCN", "indexGal", "indexKnjige", "indexMG", "indexMMHrv", "indexMMSlo", "indexPJ",
    "indexRA", "indexSK", "indexSpecial",
  ]
  static let months = [
    "Januar", "Februar", "Mart", "April", "Maj", "Jun", "Jul", "Avgust", "Septembar", "Oktobar", "Novembar", "Decembar",
  ]

  struct Issue {
    var id: String
    var page: String
    var label: String
    var zip: String
    var title: String
    var name: String
  }

  public var issuesPerSeries: Int
  public var change: Change
  /// Issues appended to a series, by its key (`SK`): a listing change week after week (`bench weekly`).
  public var added: [String: Int] = [:]
  /// A month word put on one issue's magshow page only, by issue id: a change no listing shows.
  public var monthWords: [String: String] = [:]

  public init(issuesPerSeries: Int, change: Change = []) {
    self.issuesPerSeries = issuesPerSeries
    self.change = change
  }

  /// Issues the change adds (each costs a refresh a magshow page and a size).
  public static let newItems = 4

  func issues() -> [Issue] {
    var out: [Issue] = []
    func issue(_ key: String, _ page: String, _ name: String, _ n: Int) -> Issue {
      let year = 80 + n / 12
      let month = n % 12 + 1
      let mm = String(format: "%02d", month)
      let id = GeneratedRetroSpec.id(series: key, number: n)
      return Issue(
        id: id, page: page, label: "19\(year) - \(mm)", zip: "\(key)H/ZIP/19\(year)_\(mm).zip",
        title: "19\(year) \(GeneratedRetroSpec.months[month - 1]) #\(n + 1)", name: name)
    }
    for s in GeneratedRetroSpec.series {
      var count = issuesPerSeries + (added[s.key] ?? 0)
      if change.contains(.listings), s.key == "SK" { count += 2 }
      for n in 0..<count {
        if change.contains(.listings), s.key == "RA", n == 1 { continue }
        var i = issue(s.key, s.page, s.name, n)
        if change.contains(.listings), s.key == "MMS", n == 0 {
          i.label += " (reprint)"
          i.title = i.title.replacingOccurrences(of: "Januar", with: "Reprint")
        }
        if change.contains(.detailOnly), s.key == "GAL", n == 0 {
          i.title = i.title.replacingOccurrences(of: "Januar", with: "Prvi")
        }
        if let word = monthWords[i.id] {
          i.title = i.title.replacingOccurrences(of: GeneratedRetroSpec.months[n % 12], with: word)
        }
        out.append(i)
      }
    }
    if change.contains(.listings) {
      out += (0..<2).map { issue("PV", "indexSpecial", "Pilot Video", $0) }
    }
    for n in 0..<max(1, issuesPerSeries / 4) {
      let id = "Knjige_Book\(String(format: "%03d", n + 1))"
      out.append(
        Issue(
          id: id, page: "indexKnjige", label: "Book \(n + 1)",
          zip: "KnjigeH/ZIP/Book\(String(format: "%03d", n + 1)).zip",
          title: "Prirucnik \(n + 1)", name: "Knjige"))
    }
    return out
  }

  /// The id of a series' issue number `n` (from 0): `SK_80_01`.
  public static func id(series key: String, number n: Int) -> String {
    "\(key)_\(80 + n / 12)_\(String(format: "%02d", n % 12 + 1))"
  }

  /// The series keys, in the site's order.
  public static var seriesKeys: [String] { series.map(\.key) }

  /// Writes the site under `root/HOST/…`; returns the number of issues.
  @discardableResult
  public func write(into root: URL) throws -> Int {
    let site = root.appendingPathComponent(GeneratedRetroSpec.host)
    let all = issues()
    func put(_ path: String, _ text: String) throws {
      let u = site.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: u)
    }
    for page in GeneratedRetroSpec.pages {
      try put("pcsux/\(page).html", indexPage(all.filter { $0.page == page }))
    }
    for i in all { try put("users/tomcat/yu/magshow.php?all=\(i.id)", magshow(i)) }
    return all.count
  }

  /// The size a HEAD of an archive answers: fixed by its path, so both builds agree.
  public static func size(ofPath path: String) -> Int {
    var h = 0
    for b in path.utf8 { h = (h &* 31 &+ Int(b)) % 9_000_000 }
    return 1_000_000 + h
  }

  func indexPage(_ issues: [Issue]) -> String {
    var cells = ""
    for i in issues {
      let cover = i.id.replacingOccurrences(of: "_", with: "")
      let folder = i.zip.split(separator: "/").first.map(String.init) ?? ""
      cells += """
                            <td width="70" align="center">
                                <font size="1" COLOR="abaab7">
                                \(i.label)<br>
                                <a href="https://retrospec.elite.org/users/tomcat/yu/magshow.php?all=\(i.id)"><img src="\(folder)/\(cover)-00.jpg" width="68" height="93" alt="" border="0"></a><br>
                                <a href="\(i.zip)">zip</a> <a href="\(folder)/Covers/\(cover)-00.jpg">cover</a>
                                </font>
                            </td>

        """
    }
    return """
      <!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN">
      <html>
      <head>
      <title>ex-YU Racunalniska Scena</title>
      <META http-equiv=Content-Type content="text/html; charset=utf-8">
      </head>
      <body bgcolor="#616161">
      <!-- CONTENT -->
                  <table width="100%" cellpadding="0" cellspacing="1" border="0">
                      <tr>
      \(cells)                </tr>
                  </table>
      <!-- /CONTENT -->
      </body>
      </html>

      """
  }

  func magshow(_ i: Issue) -> String {
    let thumbs = (1...8).map {
      "<td align=\"center\"><a href=\"magshow.php?auto=&page=\($0)&all=\(i.id)\"><img border=\"0\" src=\"https://retrospec.elite.org/pcsux/phpgraphy/index.php?previewpic=x/\(String(format: "%03d", $0)).jpg\"></a><br>\($0)<br></td>"
    }.joined()
    return """
      <!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN">
      <html>
      <title>ex-YU Racunalniska Scena</title>
      <meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
      <body>
      <b> <font size="6" COLOR="b9ead7"> &nbsp;&nbsp; Magazine Scans</font></b>
      <table width="100%" cellpadding="0" cellspacing="5" border="0"><tr align="left"><td align="left" width="100%" valign="top">
        <table width="100%" cellpadding="0" cellspacing="0" border="0">
          <tr><td width="100%"><a href="magshow.php?all=\(i.id)"><font size="5" COLOR="d9d7f7"><b>\(i.name)</b></a></font></td></tr>
          <tr><td><a href="magshow.php?all=\(i.id)"><font size="4" COLOR="89e7c7">\(i.title)</font></a></td></tr>
          <tr><td><font size="3">Jezik: srpski</font></td></tr>
        </table>
      </td></tr></table>
      <table width="100%" cellpadding="0" cellspacing="5" border="0"><tr align="center">\(thumbs)</tr></table>
      </body>
      </html>

      """
  }
}
