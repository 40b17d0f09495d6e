import Foundation

/// An Atarimania magazine shelf of any size in the site's markup (the index of titles, one page per
/// title listing its issues, each with a PDF), before or after a change.
public struct GeneratedAtarimania: Sendable {
  public static let host = "www.atarimania.com"
  /// Two issues added to the first title, one removed from the second, one row of the third
  /// retitled, a new title with two issues.
  public static let newItems = 4

  public var titles: Int
  public var issuesPerTitle: Int
  public var changed: Bool
  /// Issues appended to a title, by its position (from 0): a listing change week after week.
  public var added: [Int: Int] = [:]

  public init(titles: Int, issuesPerTitle: Int, changed: Bool = false) {
    self.titles = titles
    self.issuesPerTitle = issuesPerTitle
    self.changed = changed
  }

  static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  @discardableResult
  public func write(into root: URL) throws -> Int {
    let site = root.appendingPathComponent(GeneratedAtarimania.host)
    func put(_ path: String, _ text: String) throws {
      let u = site.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: u)
    }
    var ids = (0..<titles).map { 1000 + $0 }
    if changed { ids.append(1000 + titles) }
    var issues = 0
    for (t, id) in ids.enumerated() {
      var rows: [(label: String, file: String, date: String)] = []
      let count = t == titles ? 2 : issuesPerTitle + (changed && t == 0 ? 2 : 0) + (added[t] ?? 0)
      for n in 0..<count {
        if changed && t == 1 && n == 1 { continue }
        var label = String(format: "%02d", n + 1)
        if changed && t == 2 && n == 0 { label += " (reprint)" }
        let date = "\(GeneratedAtarimania.months[n % 12]) - \(1982 + n / 12)"
        rows.append((label, "title-\(id)-\(n + 1)", date))
      }
      issues += rows.count
      try put("magazines/\(id)", titlePage(id: id, name: "Generated Title \(id)", rows: rows))
    }
    // The mirror serves a folder from its index.html: /magazines is both the index and its titles' folder.
    try put("magazines/index.html", index(ids))
    return issues
  }

  func index(_ ids: [Int]) -> String {
    let items = ids.map {
      "<li><a class=\"flex h-full items-center\" href=\"/magazines/\($0)\"><img src=\"https://www.atarimania.com/mags/logo-\($0).jpg\" alt=\"Generated Title \($0)\" class=\"max-w-full\"/></a></li>"
    }.joined()
    return
      "<!DOCTYPE html><html lang=\"en\"><head><meta charSet=\"utf-8\"/><title>Magazines - Atarimania</title></head><body><header><a href=\"/magazines\">Magazines</a></header><main class=\"min-h-screen\"><div class=\"max-w-5xl mx-auto px-4 py-10\"><div class=\"mb-8\"><p class=\"font-mono text-xs text-teal tracking-widest mb-2\">\(ids.count)<!-- --> MAGAZINES</p><h1 class=\"font-display text-xl\">Magazines</h1></div><ul class=\"grid grid-cols-1 gap-4 sm:grid-cols-2\">\(items)</ul></div></main></body></html>"
  }

  func titlePage(id: Int, name: String, rows: [(label: String, file: String, date: String)]) -> String {
    let items = rows.map { r in
      "<li class=\"flex flex-col\"><div class=\"relative aspect-[3/4]\"><img alt=\"\(name) — \(r.label)\" loading=\"lazy\" src=\"https://www.atarimania.com/mags/low_res/\(r.file).jpg?v=2\"/></div><p class=\"mt-1.5 text-center\">\(r.label)</p><p class=\"text-center text-dim\">\(r.date)</p><div class=\"mt-1 flex\"><a href=\"https://www.atarimania.com/mags/pdf/\(r.file).pdf\" target=\"_blank\" rel=\"noopener noreferrer\" class=\"text-amber\">PDF</a></div></li>"
    }.joined()
    return
      "<!DOCTYPE html><html lang=\"en\"><head><meta charSet=\"utf-8\"/><title>\(name) - Atarimania</title></head><body><main class=\"min-h-screen\"><div class=\"mb-8\"><p class=\"mb-2 font-mono text-xs text-dim\"><a class=\"hover:text-ink\" href=\"/magazines\">Magazines</a></p><p class=\"font-mono text-xs text-teal tracking-widest mb-2\">\(rows.count)<!-- --> <!-- -->ISSUES</p><h1 class=\"font-display text-xl sm:text-2xl leading-relaxed text-ink\">\(name)</h1></div>\n<ul class=\"grid gap-[18px]\">\(items)</ul></main></body></html>"
  }
}
