import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkSamples
import ShelfmarkTestSupport
import SiteMirrorKit
import Synchronization
import XCTest

/// Lineage on the sources that have no generated site (archive.org, PopBoks, Spectrum, Stripovi),
/// built from the samples `catalog demo` serves (the project's fixtures): after one answer changed
/// on the mirror, `catalog explain` of the row it changed names that answer as the source's plan
/// says: the metadata behind an archive.org title (its date gives it) and size, the dump behind a
/// Spectrum title and the metadata behind its size, the index script behind a PopBoks year, the
/// first reader page behind a Stripovi title. A PopBoks index script that lists far fewer issues,
/// and a Spectrum dump that gives none, are each the one drift finding.
final class LineageSampleSourcesTests: XCTestCase {
  func testArchiveExplainsARedatedAndAResizedItemByItsMetadata() throws {
    let t = try SampleTrial("archive")
    XCTAssertEqual(try t.build().status, 0)
    let item = "archive.org/metadata/a-profy-yugoslav-amiga-fanzine-1-july-1990"
    let other = "archive.org/metadata/a-profy-yugoslav-amiga-fanzine-2-august-1990"
    t.rewrite { key, body in
      if key == item {
        return body.replacingOccurrences(of: "\"date\": \"1990-07\"", with: "\"date\": \"1990-06\"")
      }
      if key == other { return body.replacingOccurrences(of: "\"size\": \"", with: "\"size\": \"1") }
      return nil
    }
    XCTAssertEqual(try t.build(["--refresh=all", "--allow-shrink"]).status, 0)
    try t.assertExplained(field: "title", kind: "metadata", url: "https://" + item)
    try t.assertExplained(field: "bytes", kind: "metadata", url: "https://" + other)
  }

  func testSpectrumExplainsARetitledIssueByTheDumpAndAResizedOneByItsMetadata() throws {
    let t = try SampleTrial("spectrum", ["--build", "magazines"])
    XCTAssertEqual(try t.build().status, 0)
    let sql = try String(contentsOf: TestPaths.fixture("Spectrum/zxdb-small.sql"), encoding: .utf8)
    let edited = sql.replacingOccurrences(of: "'Christmas Special'", with: "'Christmas Special Edition'")
    XCTAssertNotEqual(edited, sql)
    let dumpKey = "raw.githubusercontent.com/zxdb/ZXDB/master/ZXDB_mysql.sql.zip"
    t.replace(dumpKey, with: SampleTrial.zipped(edited))
    t.rewrite { key, body in
      key == "archive.org/metadata/crash-magazine-01"
        ? body.replacingOccurrences(of: "41234567", with: "41234999") : nil
    }
    XCTAssertEqual(try t.build(["--refresh=all", "--allow-shrink"]).status, 0)
    try t.assertExplained(field: "title", kind: "dump", url: "https://" + dumpKey)
    try t.assertExplained(field: "bytes", kind: "metadata", url: "https://archive.org/metadata/crash-magazine-01")
  }

  /// A new dump that keeps the magazines' issues in a table the parser does not read (a schema
  /// change): the dump still answers 200 and gives no magazine issue, which is the one drift
  /// finding (not also one for the dump's fields: its yield says it).
  func testSpectrumDumpThatGivesFarFewerIssuesIsTheOneDriftFinding() throws {
    let t = try SampleTrial("spectrum", ["--build", "magazines"])
    XCTAssertEqual(try t.build().status, 0)
    let sql = try String(contentsOf: TestPaths.fixture("Spectrum/zxdb-small.sql"), encoding: .utf8)
    let moved = try XCTUnwrap(sql.range(of: "INSERT INTO `issues`"))
    let edited = sql.replacingCharacters(in: moved, with: "INSERT INTO `issues_archive`")
    let dumpKey = "raw.githubusercontent.com/zxdb/ZXDB/master/ZXDB_mysql.sql.zip"
    t.replace(dumpKey, with: SampleTrial.zipped(edited))
    let second = try t.build(["--refresh=all"])
    XCTAssertTrue([0, 65].contains(second.status), second.stderr)
    try DriftReport.assertOne(
      "drift/yield", startingWith: "https://\(dumpKey) (dump) still answers 200 but yields 0 rows, 9 last build",
      in: t.report)
  }

  func testPopBoksExplainsARedatedIssueByItsIndexScript() throws {
    let t = try SampleTrial("popboks")
    XCTAssertEqual(try t.build().status, 0)
    let script = "www.popboks.com/dzuboks/js/" + PopBoksMagazine.dzuboks.scriptFileName
    t.rewrite { key, body in
      key == script ? body.replacingOccurrences(of: "[[74, [1, 3]]", with: "[[75, [1, 3]]") : nil
    }
    XCTAssertEqual(try t.build(["--refresh=all", "--allow-shrink"]).status, 0)
    // The year of issues 1 to 3 moved; the catalogue has 1 and 3 (the script gives issue 2 no pages).
    try t.assertExplained(field: "year", kind: "script", url: "https://" + script, rows: 2)
  }

  /// The index script's issue years split over two variables (the parser reads the first): the
  /// script still answers 200 and lists 2 of its 7 issues, which is the one drift finding, named
  /// before the shrink guard refuses the loss.
  func testPopBoksScriptThatListsFarFewerIssuesIsTheOneDriftFinding() throws {
    let t = try SampleTrial("popboks")
    XCTAssertEqual(try t.build().status, 0)
    let script = "www.popboks.com/dzuboks/js/" + PopBoksMagazine.dzuboks.scriptFileName
    t.rewrite { key, body in
      key == script
        ? body.replacingOccurrences(
          of: "[[74, [1, 3]], [75, [4, 6]],", with: "[[74, [1, 3]]];\nvar more = [[75, [4, 6]],")
        : nil
    }
    let second = try t.build(["--refresh=all"])
    XCTAssertEqual(second.status, 65, "the shrink guard still refuses the loss")
    try DriftReport.assertOne(
      "drift/yield", startingWith: "https://\(script) (script) still answers 200 but yields 2 rows, 7 last build",
      in: t.report)
  }

  /// One issue's tiles in its last column gone from the archive: its `columns` shrinks by one, and
  /// `catalog explain` names the two tiles the width turns on, then and now: the last one there
  /// (a column further left now) and the first one missing.
  func testPopBoksExplainsANarrowerGridByTheTilesItsWidthTurnsOn() throws {
    let t = try SampleTrial("popboks")
    XCTAssertEqual(try t.build().status, 0)
    let m = PopBoksMagazine.dzuboks
    let built = try CatalogueFile.decode(
      [UInt8](try Data(contentsOf: t.dir.appendingPathComponent("out/" + m.catalogueFile))), file: m.catalogueFile)
    guard case .popboks(let c) = built else { return XCTFail("not a PopBoks catalogue") }
    let issue = try XCTUnwrap(c.issues.first { $0.columns >= 3 }, "an issue wide enough to narrow")
    let (id, width) = (issue.id, issue.columns)
    let folder = PopBoksMagazine.host + "/" + m.directory + "/\(id)/"
    t.answer { key in
      guard key.hasPrefix(folder), let name = key.split(separator: "/").last,
        name.hasPrefix("\(PopBoksMagazine.level)_")
      else { return nil }
      let column = name.split(separator: "_").dropFirst().first.flatMap { Int($0) } ?? 0
      return column >= width - 1 ? 403 : nil
    }
    XCTAssertEqual(try t.build(["--refresh=all", "--allow-shrink"]).status, 0)
    XCTAssertEqual(t.changed("columns").map(\.id), [String(id)])

    let doc = try ExplainRun.json(
      out: t.dir.appendingPathComponent("out"), file: m.catalogueFile, id: String(id),
      cache: t.dir.appendingPathComponent("cache"))
    let fields = try XCTUnwrap(doc["fields"] as? [[String: Any]])
    let columns = try XCTUnwrap(fields.first { $0["field"] as? String == "columns" })
    XCTAssertEqual((columns["answers"] as? [Int])?.count, 2, "the width rests on two tiles: \(columns)")
    let pages = try XCTUnwrap(fields.first { $0["field"] as? String == "pages" })
    let answers = try XCTUnwrap(doc["answers"] as? [[String: Any]])
    XCTAssertEqual(
      answers.first { $0["answer"] as? Int == pages["answer"] as? Int }?["kind"] as? String, "script",
      "the page count is the index script's")

    let changes = (doc["changes"] as? [[String: Any]] ?? []).filter {
      ($0["fields"] as? [String])?.contains("columns") == true
    }
    // A tile's address ends `<level>_<column>_<row>.jpg`.
    func columnsOf(_ side: String) -> [Int] {
      changes.compactMap { change in
        guard let url = (change[side] as? [String: Any])?["url"] as? String, let name = url.split(separator: "/").last
        else { return nil }
        return Int(name.split(separator: "_")[1])
      }
    }
    XCTAssertEqual(columnsOf("old"), [width - 1, width], "\(changes)")
    XCTAssertEqual(columnsOf("new"), [width - 2, width - 1], "\(changes)")
    XCTAssertEqual(
      changes.compactMap { ($0["new"] as? [String: Any])?["status"] as? Int }, [200, 403],
      "the last tile there, the first one missing")
    XCTAssertTrue(
      changes.allSatisfy { ($0["new"] as? [String: Any])?["kind"] as? String == "column-edge" }, "\(changes)")
  }

  func testStripoviExplainsARetitledComicByItsFirstReaderPage() throws {
    let t = try SampleTrial("stripovi")
    XCTAssertEqual(try t.build().status, 0)
    // Comic 2's reader pages (a standalone comic): its title as page 1 shows it.
    t.rewrite { _, body in
      body.contains("<h1> Lumen &amp; Kremen </h1>")
        ? body.replacingOccurrences(of: "<h1> Lumen &amp; Kremen </h1>", with: "<h1> Lumen &amp; Kremen ponovo </h1>")
        : nil
    }
    XCTAssertEqual(try t.build(["--refresh=all", "--allow-shrink"]).status, 0)
    try t.assertExplained(field: "title", kind: "reader", url: nil)
  }
}

/// One source's demo sample behind a loopback mirror, with answers the test can change between
/// builds, and the builds and explanations the tests compare.
final class SampleTrial {
  let source: Source
  let dir: URL
  let server: SiteMirror
  let arguments: [String]
  let files: [String]
  private let edits = Edits()

  /// What the test changed: whole bodies by key, a rewrite of any answer's text, and a status
  /// that takes the place of any answer (a tile gone from the archive).
  final class Edits: Sendable {
    private struct State {
      var bodies: [String: [UInt8]] = [:]
      var rewrite: (@Sendable (String, String) -> String?)?
      var status: (@Sendable (String) -> Int?)?
    }
    private let state = Mutex(State())
    func replace(_ key: String, _ body: [UInt8]) { state.withLock { $0.bodies[key] = body } }
    func rewrite(_ f: @escaping @Sendable (String, String) -> String?) { state.withLock { $0.rewrite = f } }
    func answer(_ f: @escaping @Sendable (String) -> Int?) { state.withLock { $0.status = f } }
    func status(_ key: String) -> Int? { state.withLock { $0.status }?(key) }
    func apply(_ key: String, _ body: [UInt8]) -> [UInt8] {
      let (bodies, rewrite) = state.withLock { ($0.bodies, $0.rewrite) }
      let b = bodies[key] ?? body
      guard let rewrite, let changed = rewrite(key, String(decoding: b, as: UTF8.self)) else { return b }
      return Array(changed.utf8)
    }
  }

  init(_ id: String, _ extra: [String] = []) throws {
    source = try XCTUnwrap(Sources.all.first { $0.id == id })
    let sample = try source.demo(DemoFixtures(root: TestPaths.fixture("")))
    dir = try Tool.temporaryDirectory("lineage-sample-\(id)")
    server = try SiteMirror(lifetime: 300)
    arguments = sample.arguments + extra
    files = source.catalogue.files.map(\.file)
    let edits = self.edits
    server.route { req in
      let key = DemoSample.key(req)
      if let status = edits.status(key) { return MirrorResponse(status: status, body: Array("gone".utf8)) }
      if req.method == "HEAD", let size = sample.sizes[key] {
        return MirrorResponse(status: 200, contentLength: size)
      }
      if req.method == "GET" || req.method == "HEAD", let body = sample.pages[key] {
        return MirrorResponse(status: 200, headers: ["Content-Type": "text/plain"], body: edits.apply(key, body))
      }
      guard var r = sample.dynamic?(req) else { return nil }
      if r.status == 200 { r.body = edits.apply(key, r.body) }
      return r
    }
    try server.start()
  }

  deinit {
    server.stop()
    try? FileManager.default.removeItem(at: dir)
  }

  func replace(_ key: String, with body: [UInt8]) { edits.replace(key, body) }
  func answer(_ f: @escaping @Sendable (_ key: String) -> Int?) { edits.answer(f) }
  func rewrite(_ f: @escaping @Sendable (_ key: String, _ body: String) -> String?) { edits.rewrite(f) }

  static func zipped(_ text: String) -> [UInt8] {
    let writer = ZipWriter(entryName: "ZXDB_mysql.sql")
    writer.write(Array(text.utf8))
    return writer.finish()
  }

  func build(_ extra: [String] = []) throws -> Tool.Result {
    let r = try Tool.run(
      source.tool.name,
      [
        "--mirror", server.baseURL, "--cache", dir.appendingPathComponent("cache").path, "--out",
        dir.appendingPathComponent("out").path, "--date", "2026-12-01", "--delay", "0", "--quiet",
        "--report", report.path,
      ] + arguments + extra, environment: ["no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1"])
    if r.status != 0 { print(r.stdout + r.stderr) }
    snapshots.append(try rows())
    return r
  }

  /// Each build's rows: file and id → field → value.
  private var snapshots: [[String: [String: [String: String]]]] = []

  private func rows() throws -> [String: [String: [String: String]]] {
    var out: [String: [String: [String: String]]] = [:]
    for file in files {
      let u = dir.appendingPathComponent("out/" + file)
      guard let data = FileManager.default.contents(atPath: u.path) else { continue }
      for (id, fields) in try CatalogueFile.decode([UInt8](data), file: u.path).valuedRows {
        out[file, default: [:]][id] = fields
      }
    }
    return out
  }

  /// The rows whose `field` differs between the last two builds.
  func changed(_ field: String) -> [(file: String, id: String)] {
    guard snapshots.count >= 2 else { return [] }
    let (old, new) = (snapshots[snapshots.count - 2], snapshots[snapshots.count - 1])
    var out: [(String, String)] = []
    for (file, rows) in new.sorted(by: { $0.key < $1.key }) {
      for (id, fields) in rows.sorted(by: { $0.key < $1.key }) {
        if let before = old[file]?[id], before[field] != fields[field] { out.append((file, id)) }
      }
    }
    return out
  }

  /// The rows whose `field` changed (`expected` of them), the first explained: `catalog explain` names, for that field, an answer of
  /// `kind` (at `url` when given) whose content moved between the builds.
  func assertExplained(
    field: String, kind: String, url: String?, rows expected: Int = 1, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let rows = changed(field)
    XCTAssertEqual(rows.count, expected, "\(field) changed in \(rows)", file: file, line: line)
    guard let row = rows.first else { return }
    let doc = try ExplainRun.json(
      out: dir.appendingPathComponent("out"), file: row.file, id: row.id, cache: dir.appendingPathComponent("cache"),
      line: line)
    let changes = doc["changes"] as? [[String: Any]] ?? []
    let change = try XCTUnwrap(
      changes.first { ($0["fields"] as? [String])?.contains(field) == true },
      "\(row.id): no change names \(field): \(changes)", file: file, line: line)
    let new = try XCTUnwrap(change["new"] as? [String: Any], file: file, line: line)
    let old = try XCTUnwrap(change["old"] as? [String: Any], file: file, line: line)
    XCTAssertEqual(new["kind"] as? String, kind, file: file, line: line)
    if let url { XCTAssertEqual(new["url"] as? String, url, file: file, line: line) }
    XCTAssertEqual(
      old["url"] as? String, new["url"] as? String, "the same request, answered anew", file: file, line: line)
    XCTAssertNotEqual(old["sha256"] as? String, new["sha256"] as? String, "its content changed", file: file, line: line)
    XCTAssertEqual(doc["parserChange"] as? Bool, false, file: file, line: line)
  }

  var report: URL { dir.appendingPathComponent("report.json") }
}

extension AnyCatalogue {
  /// Each row's id and its fields' values as text.
  var valuedRows: [(String, [String: String])] {
    func text(_ fields: [(String, FieldValue)]) -> [String: String] {
      Dictionary(fields.map { ($0.0, $0.1.description) }, uniquingKeysWith: { a, _ in a })
    }
    return switch self {
    case .issue(let c): c.issues.map { ($0.id, text($0.diffFields)) }
    case .popboks(let c): c.issues.map { (String($0.id), text($0.diffFields)) }
    case .stripovi(let c): c.comics.map { (String($0.id), text($0.diffFields)) }
    }
  }
}
