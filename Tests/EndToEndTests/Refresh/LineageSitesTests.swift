import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkSamples
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// Lineage on the generated sites of every source that has one besides RetroSpec (whose own tests
/// are in LineageRefreshTests): after the site's change (a row retitled on its listing page) and a
/// file that now answers another size, `catalog explain` names the listing page behind the new
/// title and the HEAD behind the new size; one listing page whose links changed markup is the one
/// drift finding, naming that page.
final class LineageSitesTests: XCTestCase {
  /// One generated site, how to build it, and where its change and its markup change go.
  struct Site: Sendable {
    var tool: String
    var arguments: [String]
    var source: String
    /// The site as first published, and after its change (a retitled row among others).
    var write: @Sendable (_ root: URL, _ changed: Bool) throws -> Void
    /// Extensions the mirror answers HEAD for with a generated size.
    var sized: Set<String>
    /// Part of the URL of a listing page the change leaves alone: a row of it is resized.
    var untouchedPage: String
    /// The listing page (path under the site's folder, and its URL) whose links the redesign moves.
    var redesigned: (path: String, url: String)
    /// The redesign: the page's link markup as the parser no longer finds it.
    var redesign: @Sendable (String) -> String

    /// The source's listing page kind, as its lineage plan names it.
    var listingKind: String {
      Sources.all.first { $0.id == source }?.tool.lineage?.kinds.first(where: \.listing)?.name ?? ""
    }
  }

  static let vintageApple = Site(
    tool: "vintageapple-build", arguments: ["--min-magazines", "1", "--min-books", "1"], source: "vintageapple",
    write: { root, changed in
      _ = try GeneratedVintageApple(slugs: VintageAppleSection.all.map(\.slug), rowsPerSection: 8, changed: changed)
        .write(into: root)
    }, sized: [".pdf"], untouchedPage: "/\(VintageAppleSection.all[4].slug)/",
    redesigned: (
      "\(GeneratedVintageApple.host)/\(VintageAppleSection.all[5].slug)/index.html",
      "https://\(GeneratedVintageApple.host)/\(VintageAppleSection.all[5].slug)/"
    ),
    redesign: { $0.replacingOccurrences(of: "<a href=\"pdf/", with: "<a data-file=\"pdf/") })

  static let atarimania = Site(
    tool: "atarimania-build", arguments: ["--min-issues", "0"], source: "atarimania",
    write: { root, changed in
      _ = try GeneratedAtarimania(titles: 6, issuesPerTitle: 8, changed: changed).write(into: root)
    }, sized: [".pdf"], untouchedPage: "/magazines/1004",
    redesigned: ("\(GeneratedAtarimania.host)/magazines/1005", "https://\(GeneratedAtarimania.host)/magazines/1005"),
    redesign: {
      $0.replacingOccurrences(
        of: "<a href=\"https://www.atarimania.com/mags/pdf/",
        with: "<a data-file=\"https://www.atarimania.com/mags/pdf/")
    })

  static let bombJack = Site(
    tool: "bombjack-build", arguments: ["--ignore-robots", "--min-share", "0", "--min-issues", "0"],
    source: "bombjack",
    write: { root, changed in
      try GeneratedBombJack(sections: 3, pagesPerSection: 3, cellsPerPage: 8, changed: changed).write(into: root)
    }, sized: [".zip"], untouchedPage: "/s1/m0.htm",
    redesigned: ("\(GeneratedBombJack.host)/s2/m1.htm", "https://\(GeneratedBombJack.host)/s2/m1.htm"),
    redesign: {
      $0.replacingOccurrences(
        of: "<a href=\"https://\(GeneratedBombJack.host)/magazines/",
        with: "<a data-file=\"https://\(GeneratedBombJack.host)/magazines/")
    })

  func testVintageAppleExplainsARetitledAndAResizedRow() throws { try explainsRetitledAndResized(Self.vintageApple) }
  func testAtarimaniaExplainsARetitledAndAResizedRow() throws { try explainsRetitledAndResized(Self.atarimania) }
  func testBombJackExplainsARetitledAndAResizedRow() throws { try explainsRetitledAndResized(Self.bombJack) }
  func testVintageAppleNamesTheOneRedesignedPage() throws { try namesTheOneRedesignedPage(Self.vintageApple) }
  func testAtarimaniaNamesTheOneRedesignedPage() throws { try namesTheOneRedesignedPage(Self.atarimania) }
  func testBombJackNamesTheOneRedesignedPage() throws { try namesTheOneRedesignedPage(Self.bombJack) }

  // MARK: - The two trials

  func explainsRetitledAndResized(_ site: Site, line: UInt = #line) throws {
    let t = try Trial(site)
    try t.publish(changed: false)
    XCTAssertEqual(try t.build().status, 0, line: line)
    let firstTitles = try t.titles()
    let resized = try XCTUnwrap(try t.rowOnUntouchedPage(), "no sized row on \(site.untouchedPage)", line: line)
    t.sizes.set(7_654_321, resized.path)
    try t.publish(changed: true)
    let second = try t.build(["--refresh=all", "--allow-shrink"])
    XCTAssertEqual(second.status, 0, second.stderr, line: line)

    // The retitled row: a row both builds have under another title.
    let titles = try t.titles()
    let retitled = try XCTUnwrap(
      titles.first { key, title in firstTitles[key].map { $0 != title } ?? false }?.key,
      "the change retitles a row", line: line)
    let doc = try t.explain(file: retitled.file, id: retitled.id)
    let changes = try XCTUnwrap(doc["changes"] as? [[String: Any]], line: line)
    let title = try XCTUnwrap(
      changes.first { ($0["fields"] as? [String])?.contains("title") == true }, "\(changes)", line: line)
    let old = try XCTUnwrap(title["old"] as? [String: Any], line: line)
    let new = try XCTUnwrap(title["new"] as? [String: Any], line: line)
    XCTAssertEqual(new["kind"] as? String, site.listingKind, line: line)
    XCTAssertEqual(old["url"] as? String, new["url"] as? String, "the same page, answered anew", line: line)
    XCTAssertNotEqual(old["sha256"] as? String, new["sha256"] as? String, "its content changed", line: line)
    XCTAssertEqual(new["cache"] as? String, "same", line: line)
    XCTAssertEqual(doc["parserChange"] as? Bool, false, line: line)
    let field = try XCTUnwrap(
      (doc["fields"] as? [[String: Any]])?.first { $0["field"] as? String == "title" }, line: line)
    XCTAssertEqual(field["value"] as? String, titles[retitled], line: line)

    // The resized row: its page did not change, so the size is all that moved, and the HEAD says so.
    let sizeDoc = try t.explain(file: resized.file, id: resized.id)
    let sizeChanges = try XCTUnwrap(sizeDoc["changes"] as? [[String: Any]], line: line)
    XCTAssertEqual(sizeChanges.map { $0["fields"] as? [String] ?? [] }, [["bytes"]], "\(sizeChanges)", line: line)
    let head = try XCTUnwrap(sizeChanges.first?["new"] as? [String: Any], line: line)
    XCTAssertEqual(head["method"] as? String, "HEAD", line: line)
    XCTAssertEqual(head["url"] as? String, resized.url, line: line)
    XCTAssertEqual(head["length"] as? String, "7654321", line: line)
    XCTAssertEqual(
      (sizeChanges.first?["old"] as? [String: Any])?["length"] as? String,
      String(GeneratedRetroSpec.size(ofPath: resized.path)), line: line)
  }

  func namesTheOneRedesignedPage(_ site: Site, line: UInt = #line) throws {
    let t = try Trial(site)
    try t.publish(changed: false)
    XCTAssertEqual(try t.build().status, 0, line: line)
    let page = t.dir.appendingPathComponent("site/" + site.redesigned.path)
    let html = try String(contentsOf: page, encoding: .utf8)
    let moved = site.redesign(html)
    XCTAssertNotEqual(moved, html, "the redesign changes \(site.redesigned.path)", line: line)
    try Data(moved.utf8).write(to: page)
    let second = try t.build(["--refresh=all"])
    XCTAssertTrue([0, 65].contains(second.status), second.stderr, line: line)
    try DriftReport.assertOne(
      "drift/yield", startingWith: site.redesigned.url + " (\(site.listingKind)) still answers 200 but yields 0 rows",
      in: t.dir.appendingPathComponent("report.json"), line: line)
  }

  // MARK: - One site behind a loopback mirror

  final class Trial {
    let site: Site
    let dir: URL
    let server: SiteMirror
    let sizes = ResizedFiles()
    let files: [String]

    init(_ site: Site) throws {
      self.site = site
      dir = try Tool.temporaryDirectory("lineage-\(site.source)")
      server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 300)
      files = Sources.catalogues.files(ofSource: site.source).map(\.file)
      let (sizes, sized) = (self.sizes, site.sized)
      server.route { req in
        guard let r = GeneratedSizes.answer(req, for: sized) else { return nil }
        guard let size = sizes.size(req.path) else { return r }
        return MirrorResponse(status: 200, headers: r.headers, contentLength: size)
      }
      try server.start()
    }

    deinit {
      server.stop()
      try? FileManager.default.removeItem(at: dir)
    }

    func publish(changed: Bool) throws {
      let root = dir.appendingPathComponent("site")
      try? FileManager.default.removeItem(at: root)
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      try site.write(root, changed)
    }

    func build(_ extra: [String] = []) throws -> Tool.Result {
      try Tool.run(
        site.tool,
        [
          "--mirror", server.baseURL, "--cache", dir.appendingPathComponent("cache").path, "--out",
          dir.appendingPathComponent("out").path, "--date", "2026-12-01", "--delay", "0", "--quiet",
          "--report", dir.appendingPathComponent("report.json").path,
        ] + site.arguments + extra, environment: ["no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1"])
    }

    struct Key: Hashable {
      var file: String
      var id: String
    }

    /// Every row's title, by file and id.
    func titles() throws -> [Key: String] {
      var out: [Key: String] = [:]
      for file in files {
        let u = dir.appendingPathComponent("out/" + file)
        guard let data = FileManager.default.contents(atPath: u.path) else { continue }
        for issue in try JSONDecoder().decode(IssueCatalogue.self, from: data).issues {
          out[Key(file: file, id: issue.id)] = issue.title
        }
      }
      return out
    }

    func lineage(_ file: String) throws -> LineageFile {
      let u = LineageRun.folder(dir.appendingPathComponent("cache")).appendingPathComponent(LineageNames.current(file))
      return try LineageFile.decode([UInt8](try Data(contentsOf: u)))
    }

    /// A row listed on the untouched page whose size came from a HEAD: its file, id, and the
    /// HEAD's URL and path, read from the first build's lineage.
    func rowOnUntouchedPage() throws -> (file: String, id: String, url: String, path: String)? {
      for file in files {
        let l = try lineage(file)
        for row in l.rows {
          guard let page = l.answer(for: row.fields["id"]), page.url.contains(site.untouchedPage),
            let head = l.answer(for: row.fields["bytes"]), head.method == "HEAD", let u = URL(string: head.url)
          else { continue }
          return (file, row.id, head.url, u.path)
        }
      }
      return nil
    }

    func explain(file: String, id: String) throws -> [String: Any] {
      try ExplainRun.json(
        out: dir.appendingPathComponent("out"), file: file, id: id, cache: dir.appendingPathComponent("cache"))
    }
  }
}
