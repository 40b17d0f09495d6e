import CatalogCommands
import CatalogKit
import Foundation
import SiteMirrorKit
import XCTest

@testable import BuildSupport

/// docs/adding-a-source.md, proved: a source declared only in this folder (ShelfSample.swift) is
/// listed by `catalog build --help`, builds from a loopback site, validates, is checked by
/// `catalog check` as one of the known files, and refreshes, with no edit anywhere else.
final class AddingASourceTests: XCTestCase {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent("adding-\(UUID().uuidString.prefix(8))")
  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  /// Runs `catalog` in-process with the package's sources plus the sample, keeping what it printed.
  func catalog(_ arguments: [String], sources: [Source] = Sources.all + [ShelfSampleTool.source]) -> (
    code: ExitCode, out: String, err: String
  ) {
    let out = Captured()
    let err = Captured()
    var console = Console(out: { out.add($0) }, error: { err.add($0) }, progress: { _ in })
    console.sources = sources
    let code = CatalogCommand.main(arguments, console: console)
    return (code, out.text, err.text)
  }

  func site(_ rows: [ShelfSampleIndex.Row]) throws -> (SiteMirror, Listing) {
    let listing = Listing(rows)
    let server = try SiteMirror(lifetime: 120)
    server.route { req in
      guard req.host == ShelfSampleTool.host, req.path == "/magazines.html" else { return nil }
      return MirrorResponse(status: 200, headers: ["Content-Type": "text/html"], body: listing.page)
    }
    for row in ShelfSampleIndex.Row.all {
      server.setSize(2_000_000 + row.number, for: "archive.org/download/sample-shelf/\(row.file)")
    }
    try server.start()
    return (server, listing)
  }

  func build(_ server: SiteMirror, _ extra: [String] = []) async -> ExitCode {
    await BuildRunner.run(
      ShelfSampleTool.source,
      arguments: [
        "--mirror", server.baseURL, "--cache", dir.appendingPathComponent("cache").path, "--out",
        dir.appendingPathComponent("catalogs").path, "--date", "2026-12-01", "--quiet",
      ] + extra
    ).code
  }

  func written() throws -> IssueCatalogue {
    let data = try Data(contentsOf: dir.appendingPathComponent("catalogs/\(ShelfSampleTool.file)"))
    return try CatalogueFile.decode(IssueCatalogue.self, from: [UInt8](data), file: ShelfSampleTool.file)
  }

  func testTheHelpOfCatalogBuildListsTheNewSourceAndItsFile() {
    let help = catalog(["build", "--help"])
    XCTAssertEqual(help.code, .ok)
    XCTAssertTrue(help.out.contains(", stripovi, shelfsample."), help.out)
    XCTAssertTrue(help.out.contains("shelfsample-catalog.json; a subset: --with shelfsample:--only=<issue numbers"))
    XCTAssertFalse(catalog(["build", "--help"], sources: Sources.all).out.contains("shelfsample"))
    XCTAssertEqual(
      Help.text(for: ShelfSampleTool.tool).components(separatedBy: "\n").first,
      "OVERVIEW: Build the Sample Shelf catalogue.")
  }

  func testItBuildsValidatesIsCheckedAndRefreshes() async throws {
    let (server, listing) = try site(Array(ShelfSampleIndex.Row.all.prefix(2)))
    defer { server.stop() }

    let built = await build(server)
    XCTAssertEqual(built, .ok)
    let first = try written()
    XCTAssertEqual(first.issues.map(\.id), ["SS_1", "SS_2"])
    XCTAssertEqual(first.issues.map(\.bytes), [2_000_001, 2_000_002])

    let file = dir.appendingPathComponent("catalogs/\(ShelfSampleTool.file)").path
    XCTAssertEqual(catalog(["validate", file]).code, .ok)
    // Its declaration is what makes the file known: without it, check warns of a stranger.
    let folder = dir.appendingPathComponent("catalogs").path
    let checked = catalog(["check", folder, "--expect", "present"])
    XCTAssertEqual(checked.code, .ok, checked.err)
    XCTAssertFalse(checked.out.contains("folder/known-file"), checked.out)
    XCTAssertTrue(
      catalog(["check", folder, "--expect", "present"], sources: Sources.all).out.contains("folder/known-file"))
    // Its plausibility bounds are its own: an issue dated before 1980 fails, as it declares.
    var old = first
    old.issues[0].year = 1975
    let oldFile = dir.appendingPathComponent("old/\(ShelfSampleTool.file)")
    try FileManager.default.createDirectory(at: oldFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    try MachineJSON.encode(old).write(to: oldFile)
    let implausible = catalog(["validate", oldFile.path])
    XCTAssertNotEqual(implausible.code, .ok)
    XCTAssertTrue((implausible.out + implausible.err).contains("plausible/year"), implausible.out + implausible.err)

    // The site adds an issue; a refresh revalidates the listing (its freshness rule) and asks only
    // the new file its size.
    listing.rows = ShelfSampleIndex.Row.all
    server.clearLog()
    let refreshed = await build(server, ["--refresh"])
    XCTAssertEqual(refreshed, .ok)
    XCTAssertEqual(try written().issues.map(\.id), ["SS_1", "SS_2", "SS_3"])
    let asked = server.requests.map { "\($0.method) \($0.path)" }
    XCTAssertTrue(asked.contains("GET /magazines.html"), "\(asked)")
    XCTAssertEqual(asked.filter { $0.hasPrefix("HEAD") }, ["HEAD /download/sample-shelf/issue-3.pdf"], "\(asked)")
  }

  func testTheParserRefusesAMalformedRowByLine() {
    let page = Array("<html><title>Sample Shelf</title>\n<table>\n<tr data-row=\"x|1985|3|a.pdf\">A</tr>\n".utf8)
    XCTAssertThrowsError(try ShelfSampleIndex.parse(page)) {
      XCTAssertEqual("\($0)", "line 3: a row that is not number|year|month|file|title")
    }
  }
}

extension ShelfSampleIndex.Row {
  static let all =
    ShelfSampleTool.demoRows + [
      ShelfSampleIndex.Row(number: 3, year: 1985, month: 5, title: "Sample Shelf 3", file: "issue-3.pdf")
    ]
}

/// The listing the test site serves; a test changes its rows between runs.
final class Listing: @unchecked Sendable {
  // One lock guards `rows`: the mirror's threads read it while the test writes it.
  private let lock = NSLock()
  private var current: [ShelfSampleIndex.Row]
  init(_ rows: [ShelfSampleIndex.Row]) { current = rows }
  var rows: [ShelfSampleIndex.Row] {
    get { lock.withLock { current } }
    set { lock.withLock { current = newValue } }
  }
  var page: [UInt8] { ShelfSampleIndex.page(rows) }
}

/// Lines a console wrote, kept for the assertions.
final class Captured: @unchecked Sendable {
  // One lock guards `lines`: a subcommand may write from several tasks.
  private let lock = NSLock()
  private var lines: [String] = []
  func add(_ s: String) { lock.withLock { lines.append(s) } }
  var text: String { lock.withLock { lines.joined(separator: "\n") } }
}
