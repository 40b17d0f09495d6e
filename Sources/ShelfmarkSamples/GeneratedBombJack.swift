import Foundation

/// A small BombJack site in the real markup (front page, a yearly "what's new" page, section pages,
/// magazine pages of issue cells), before or after a change announced on the "what's new" page: for
/// the refresh tests. (`bench refresh` uses the bench's 20,000-page generator with the same change.)
public struct GeneratedBombJack: Sendable {
  public static let host = "commodore.bombjack.org"
  public static let changelog = "archive/index-archive-2026.htm"
  /// Two issues added to a page, three on a new series' page.
  public static let newItems = 5

  public var sections: Int
  public var pagesPerSection: Int
  public var cellsPerPage: Int
  public var changed: Bool

  public init(sections: Int, pagesPerSection: Int, cellsPerPage: Int, changed: Bool = false) {
    self.sections = sections
    self.pagesPerSection = pagesPerSection
    self.cellsPerPage = cellsPerPage
    self.changed = changed
  }

  static func page(_ title: String, _ body: String) -> String {
    "<html>\n<head>\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1252\">\n<title>\(title)</title>\n</head>\n<body>\n\(body)\n</body>\n</html>\n"
  }

  static func cell(folder: String, name: String, label: String, pages: Int) -> String {
    let file = "https://\(host)/magazines/commodore/\(folder)/\(name).zip"
    return
      "<td align=\"center\" class=\"auto-style3\"><font face=\"Arial\" size=\"2\">\(label)<br>\n1985 Jan<br>\n<a href=\"\(file)\">\n<img border=\"1\" src=\"cover-\(name).jpg\" width=\"142\" height=\"194\"></a><br>\n\(pages) pages<br>\n&nbsp;</font></td>"
  }

  static func table(_ cells: [String]) -> String {
    let rows = stride(from: 0, to: cells.count, by: 6).map {
      "<tr>\n" + cells[$0..<min($0 + 6, cells.count)].joined(separator: "\n") + "\n</tr>"
    }
    return "<table border=\"0\" width=\"1174\">\n" + rows.joined(separator: "\n") + "\n</table>"
  }

  @discardableResult
  public func write(into root: URL) throws -> Int {
    let site = root.appendingPathComponent(GeneratedBombJack.host)
    func put(_ path: String, _ html: String) throws {
      let u = site.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(html.utf8).write(to: u)
    }
    let page = GeneratedBombJack.page
    try put(
      "index.html",
      page(
        "DLH's Commodore Archive - Main Page",
        (0..<sections).map { "<p><a href=\"s\($0)/index.htm\">Section \($0)</a></p>" }.joined(separator: "\n")
          + "\n<p><a href=\"\(GeneratedBombJack.changelog)\">What's new in 2026</a></p>"))
    var files = 0
    for s in 0..<sections {
      var links = (0..<pagesPerSection).map { "<a href=\"m\($0).htm\">Magazine \(s)-\($0)</a><br>" }
      if changed && s == 0 { links.append("<a href=\"new-series.htm\">New series</a><br>") }
      try put("s\(s)/index.htm", page("Section \(s)", links.joined(separator: "\n") + "\n<a href=\"/\">Main Page</a>"))
      for m in 0..<pagesPerSection {
        var cells: [String] = []
        for c in 0..<cellsPerPage {
          if changed && s == 0 && m == 1 && c == 0 { continue }  // withdrawn
          var label = "Issue \(c + 1)"
          if changed && s == 0 && m == 2 && c == 2 { label += " (reprint)" }
          cells.append(
            GeneratedBombJack.cell(
              folder: "m\(s)-\(m)", name: "Mag_\(s)_\(m)_Issue_\(c + 1)", label: label, pages: 60 + c))
        }
        if changed && s == 0 && m == 0 {
          cells += (1...2).map {
            GeneratedBombJack.cell(folder: "m0-0", name: "Mag_0_0_New_\($0)", label: "New Issue \($0)", pages: 40)
          }
        }
        files += cells.count
        try put("s\(s)/m\(m).htm", page("Magazines - Mag \(s)-\(m)", GeneratedBombJack.table(cells)))
      }
    }
    var news = ["<p>2026-11-01: the archive moved to a new server.</p>"]
    if changed {
      let cells = (1...3).map {
        GeneratedBombJack.cell(folder: "new-series", name: "New_Series_\($0)", label: "Issue \($0)", pages: 50)
      }
      files += cells.count
      try put("s0/new-series.htm", page("Magazines - New series", GeneratedBombJack.table(cells)))
      news += [
        "<p>2026-11-28: two new issues on <a href=\"../s0/m0.htm\">this page</a>.</p>",
        "<p>2026-11-28: one issue withdrawn from <a href=\"../s0/m1.htm\">this page</a>.</p>",
        "<p>2026-11-29: an issue renamed on <a href=\"../s0/m2.htm\">this page</a>.</p>",
        "<p>2026-11-30: a new series: <a href=\"../s0/new-series.htm\">New series</a>.</p>",
      ]
    }
    try put(
      GeneratedBombJack.changelog, page("What's new in 2026", "<h1>What's new</h1>\n" + news.joined(separator: "\n")))
    return files
  }
}
