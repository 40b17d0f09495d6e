import Foundation

/// Vintage Apple's section pages of any size in the site's table markup, before or after a change.
public struct GeneratedVintageApple: Sendable {
  public static let host = "vintageapple.org"
  /// Two issues appended to the first section, three to the last. (A new series is a new section,
  /// which only a code change can add: the tool's section list is fixed, and an empty one fails.)
  public static let newItems = 5

  public var slugs: [String]
  public var rowsPerSection: Int
  public var changed: Bool
  /// Rows appended to a section, by its position (from 0): a listing change week after week.
  public var added: [Int: Int] = [:]

  /// - Parameter slugs: the sections, in the tool's order.
  public init(slugs: [String], rowsPerSection: Int, changed: Bool = false) {
    self.slugs = slugs
    self.rowsPerSection = rowsPerSection
    self.changed = changed
  }

  @discardableResult
  public func write(into root: URL) throws -> Int {
    let site = root.appendingPathComponent(GeneratedVintageApple.host)
    var total = 0
    for (s, slug) in slugs.enumerated() {
      var rows: [(stem: String, title: String, year: String)] = []
      let added = !changed ? 0 : s == 0 ? 2 : s == slugs.count - 1 ? 3 : 0
      let count = rowsPerSection + added + (self.added[s] ?? 0)
      for n in 0..<count {
        // The last row of the second section withdrawn (the site numbers rows, so removing the last
        // keeps the others' numbers).
        if changed && s == 1 && n == rowsPerSection - 1 { continue }
        let year = 1980 + n / 12
        let month = String(format: "%02d", n % 12 + 1)
        var title = "\(slug) \(year)\(month) Issue \(n + 1).pdf"
        if changed && s == 2 && n == 3 { title = "\(slug) \(year)\(month) Issue \(n + 1) Special.pdf" }
        rows.append(("\(slug)_\(year)\(month)_Issue_\(n + 1)", title, "\(year)-\(month)"))
      }
      total += rows.count
      let u = site.appendingPathComponent(slug).appendingPathComponent("index.html")
      try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(page(slug, rows).utf8).write(to: u)
    }
    return total
  }

  func page(_ slug: String, _ rows: [(stem: String, title: String, year: String)]) -> String {
    let body = rows.enumerated().map { n, r in
      "<tr>\n<td class=\"border-td\">\(n + 1)</td><td  class=\"border-td\" align=\"center\"><img src=\"thumb/\(r.stem).jpg\"></td><td class=\"border-td\"><a href=\"pdf/\(r.stem).pdf\">\(r.title)</a></td><td class=\"border-td\">\(r.year)</td><td class=\"border-td\">2016-02-29</td>\n</tr>"
    }.joined(separator: "\n")
    return """

      <html xmlns="http://www.w3.org/1999/xhtml">
      <head>
      <meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
      <title>Vintage Apple</title>
      </head>
      <body>
      <div align="center">
          <div style="font-weight:bold;font-size:20px">Vintage \(slug) Library<br></div>
          <table class="border-table" cellpadding="1" cellspacing="1">
              <tr>
                  <td class="border-td">#</td><td class="border-td">Thumb</td><td class="border-td"><a href="index.html">Title</a></td><td class="border-td"><a href="index_year.html">Year-Mo</a></td><td class="border-td"><a href="index_date.html">Scanned Y-M-D</a></td>
              </tr>

      \(body)

      </table>
      </div>
      </body>
      </html>

      """
  }
}
