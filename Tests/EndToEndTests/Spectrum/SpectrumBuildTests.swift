import CatalogKit
import Foundation
import ShelfmarkSamples
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// `spectrum-build` end to end: the dump zip and a simulated archive.org metadata API on the loopback
/// mirror, then the same build from the cache alone.
final class SpectrumBuildTests: XCTestCase {
  private var dir: URL!
  private var server: SiteMirror!

  /// One metadata answer per identifier; anything else answers `{}` like archive.org does.
  static let items: [String: [[String: String]]] = [
    "crash-magazine-01": [
      ["name": "Crash_01_Feb_1984.pdf", "format": "Image Container PDF", "size": "41234567", "source": "original"],
      ["name": "crash-magazine-01_meta.xml", "format": "Metadata", "size": "900", "source": "metadata"],
    ],
    // Renamed on archive.org: the mask names Crash_02_Mar_1984.pdf.
    "crash-magazine-02": [
      ["name": "Crash_02_March_1984_text.pdf", "format": "Additional Text PDF", "size": "300", "source": "derivative"],
      ["name": "Crash_02_March_1984.pdf", "format": "Image Container PDF", "size": "50000000", "source": "original"],
      ["name": "__ia_thumb.jpg", "format": "Item Tile", "size": "9000", "source": "original"],
    ],
    // Only the lowercase identifier exists; the mask spells it crash-magazine-04-Poster.
    "crash-magazine-04-poster": [
      ["name": "Crash_04_May_1984.pdf", "format": "Image Container PDF", "size": "4000000"]
    ],
    "crash-xmas-1984": [["name": "Crash Christmas 1984.pdf", "format": "Image Container PDF", "size": "1984"]],
    "crash-magazine-05": [["name": "Crash_05_Jan_1985.pdf", "format": "Image Container PDF", "size": "55555"]],
    "Ace_Magazine_Issue_01": [
      ["name": "Ace_Magazine_Issue_01.pdf", "format": "Image Container PDF", "size": "32850453"]
    ],
    "Ace_Magazine_Issue_02": [
      ["name": "Ace_Magazine_Issue_02.pdf", "format": "Image Container PDF", "size": "69818402"]
    ],
    "ace-4-special": [["name": "ACE 4.pdf", "format": "Image Container PDF", "size": "4444"]],
    "PCW830512": [["name": "PCW_1983_05_12.pdf", "format": "Image Container PDF", "size": "830512"]],
    "bare-bones-1": [["name": "Bare Bones 1.pdf", "format": "Image Container PDF", "size": "101"]],
    "plus-3-contact-issue-15": [
      ["name": "Plus-3-Contact-Issue-15.pdf", "format": "Image Container PDF", "size": "1369287"]
    ],
    "plus-3-contact-issue-16": [
      ["name": "Plus-3-Contact-Issue-16.pdf", "format": "Image Container PDF", "size": "1510267"]
    ],
    "qlhj-01": [["name": "QL Hacker's Journal 01.pdf", "format": "Image Container PDF", "size": "4501"]],
    "qlhj-02": [["name": "qlhj-02_files.xml", "format": "Metadata", "size": "10", "source": "metadata"]],
    "explorers-guide-to-the-zx-spectrum-and-zx-81-kasper-boonacme": [
      [
        "name": "Explorers_guide_to_the_ZX_Spectrum_and_ZX81(Kasper_BOON)(acme).pdf", "format": "Image Container PDF",
        "size": "114874005",
      ]
    ],
    "timex-sinclair-computer-games-programs": [
      ["name": "Timex Sinclair Computer Games Programs.pdf", "format": "Image Container PDF", "size": "78427659"]
    ],
    "complete-spectrum-rom-disassembly": [["name": "Complete ROM.pdf", "format": "Text PDF", "size": "1000"]],
  ]

  static func metadata(_ id: String) -> [UInt8] {
    guard let files = items[id] else { return Array("{}".utf8) }
    let object: [String: Any] = [
      "metadata": ["identifier": id, "title": [id], "mediatype": "texts", "date": 1984],
      "files": files,
    ]
    return [UInt8]((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data())
  }

  override func setUpWithError() throws {
    dir = try Tool.temporaryDirectory("spectrum-e2e")
    let site = dir.appendingPathComponent("site/raw.githubusercontent.com/zxdb/ZXDB/master")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    let writer = ZipWriter(entryName: "ZXDB_mysql.sql")
    writer.write(try TestPaths.fixtureBytes("Spectrum/zxdb-small.sql"))
    try Data(writer.finish()).write(to: site.appendingPathComponent("ZXDB_mysql.sql.zip"))
    server = try SiteMirror(root: dir.appendingPathComponent("site"))
    server.route { req in
      guard req.host == "archive.org", req.path.hasPrefix("/metadata/") else { return nil }
      let raw = String(req.path.dropFirst("/metadata/".count))
      let id = raw.removingPercentEncoding ?? raw
      return MirrorResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: SpectrumBuildTests.metadata(id))
    }
    try server.start()
  }

  override func tearDownWithError() throws {
    server.stop()
    try? FileManager.default.removeItem(at: dir)
  }

  private func run(_ args: [String], out: String = "out") throws -> Tool.Result {
    try Tool.run(
      "spectrum-build",
      args + [
        "--mirror", server.baseURL, "--cache", dir.appendingPathComponent("cache").path, "--out",
        dir.appendingPathComponent(out).path, "--date", "2026-11-30", "--delay", "0",
      ])
  }

  private func catalogue(_ file: String, out: String = "out") throws -> IssueCatalogue {
    try JSONDecoder().decode(IssueCatalogue.self, from: Data(contentsOf: dir.appendingPathComponent("\(out)/\(file)")))
  }

  private var metadataRequests: [MirrorRequest] { server.requests.filter { $0.path.hasPrefix("/metadata/") } }

  func testBuildingMagazinesResolvesItemsThenReplaysOfflineByteForByte() throws {
    server.inject(.status(503), matching: "archive.org/metadata/crash-magazine-05", times: 1)
    let first = try run(["--build", "magazines"])
    XCTAssertEqual(first.status, 0, first.stderr)
    let c = try catalogue("spectrum-magazines.json")
    XCTAssertEqual(c.issues.map(\.id), ["1727", "1728", "1730", "101", "102", "104", "105", "106", "900"])
    XCTAssertEqual(c.issues.map(\.number), [1, 2, 3, 1, 2, 3, 4, 5, 1])
    XCTAssertEqual(
      c.series.map(\.key), ["ace-advanced-computer-entertainment-10", "crash-62", "popular-computing-weekly-99"])
    let byID = Dictionary(uniqueKeysWithValues: c.issues.map { ($0.id, $0) })
    XCTAssertEqual(byID["102"]?.zip, "crash-magazine-02/Crash_02_March_1984.pdf", "renamed file recovered")
    XCTAssertEqual(byID["102"]?.bytes, 50_000_000)
    XCTAssertEqual(byID["104"]?.zip, "crash-magazine-04-poster/Crash_04_May_1984.pdf", "lowercase retry")
    XCTAssertEqual(byID["104"]?.cover, "crash-magazine-04-poster/page/n0_w1024.jpg")
    XCTAssertEqual(byID["104"]?.title, "Issue 4 (Poster)")
    XCTAssertEqual(byID["105"]?.title, "Christmas Special")
    XCTAssertEqual(byID["105"]?.zip, "crash-xmas-1984/Crash%20Christmas%201984.pdf", "issue mask beats magazine mask")
    XCTAssertEqual(byID["1730"]?.zip, "ace-4-special/ACE%204.pdf")
    XCTAssertEqual(byID["900"]?.title, "May 1983")
    XCTAssertEqual(byID["106"]?.bytes, 55555, "served after one 503")
    XCTAssertNil(byID["103"], "missing item dropped")
    XCTAssertNil(byID["1729"], "file already claimed by 1728")
    XCTAssertTrue(first.stdout.contains("missing item        1"), first.stdout)
    XCTAssertTrue(first.stdout.contains("already claimed     1"), first.stdout)
    XCTAssertTrue(first.stdout.contains("filename recovered  2"), first.stdout)
    XCTAssertTrue(first.stdout.contains("dump sha256 "), first.stdout)
    let asked = metadataRequests.map(\.path)
    XCTAssertTrue(asked.contains("/metadata/crash-magazine-04-Poster"))
    XCTAssertTrue(asked.contains("/metadata/crash-magazine-04-poster"))
    XCTAssertEqual(metadataRequests.filter { $0.path == "/metadata/crash-magazine-05" }.map(\.status), [503, 200])
    XCTAssertEqual(metadataRequests.filter { $0.path == "/metadata/crash-magazine-03" }.count, 1)
    try LineageCoverage.assertCovers(
      lineage: dir.appendingPathComponent("cache/lineage/spectrum-magazines.jsonl.xz"),
      catalogue: dir.appendingPathComponent("out/spectrum-magazines.json"))

    server.clearLog()
    let again = try run(["--build", "magazines", "--no-network"], out: "out2")
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertEqual(server.requests.count, 0, "\(server.requests.map(\.target))")
    XCTAssertTrue(again.stderr.contains("not loaded again"), again.stderr)
    XCTAssertEqual(
      try Data(contentsOf: dir.appendingPathComponent("out/spectrum-magazines.json")),
      try Data(contentsOf: dir.appendingPathComponent("out2/spectrum-magazines.json")))
  }

  func testNoNetworkWithoutADumpSaysSoAndExits69() throws {
    let r = try run(["--build", "fanzines", "--no-network"])
    XCTAssertEqual(r.status, 69)
    XCTAssertTrue(
      r.stderr.contains(
        "--no-network forbids fetching (name the right folder with --cache); 1 URL was needed:\n  https://raw.githubusercontent.com/zxdb/ZXDB/master/ZXDB_mysql.sql.zip"
      ),
      r.stderr)
    XCTAssertEqual(server.requests.count, 0)
  }

  func testAMissingItemUnderNoNetworkIsNamed() throws {
    XCTAssertEqual(try run(["--build", "fanzines", "--limit", "1"]).status, 0)
    let r = try run(["--build", "fanzines", "--no-network"], out: "out2")
    XCTAssertEqual(r.status, 69, r.stderr)
    XCTAssertTrue(r.stderr.contains("https://archive.org/metadata/plus-3-contact-issue-15"), r.stderr)
  }

  func testFanzinesAndBooksMatchTheReferenceRowsTheyShare() throws {
    XCTAssertEqual(try run(["--build", "magazines"]).status, 0)
    let fanzines = try run(["--build", "fanzines"])
    XCTAssertEqual(fanzines.status, 0, fanzines.stderr)
    XCTAssertTrue(fanzines.stdout.contains("no readable file    1"), fanzines.stdout)
    let books = try run(["--build", "books"])
    XCTAssertEqual(books.status, 0, books.stderr)
    let builtBooks = try catalogue("spectrum-books.json")
    XCTAssertEqual(builtBooks.issues.map(\.id), ["book-2000471", "book-2001095", "book-2001400"])
    XCTAssertEqual(
      builtBooks.series.map(\.key), ["addison-wesley-productions", "arcsoft-publishers", "other-publishers"])

    let root = try TestPaths.shared("reference-catalogs")
    for (file, ids) in [
      ("spectrum-magazines.json", ["1727", "1728"]), ("spectrum-fanzines.json", ["7174", "7175"]),
      ("spectrum-books.json", ["book-2000471", "book-2001095"]),
    ] {
      let reference = try JSONDecoder().decode(
        IssueCatalogue.self, from: Data(contentsOf: root.appendingPathComponent(file)))
      let ours = try catalogue(file)
      for id in ids {
        let mine = try XCTUnwrap(ours.issues.first { $0.id == id }, "\(file) \(id)")
        XCTAssertEqual(mine, reference.issues.first { $0.id == id }, "\(file) \(id)")
        XCTAssertEqual(
          ours.series.first { $0.key == mine.series }, reference.series.first { $0.key == mine.series }, file)
      }
      XCTAssertEqual(ours.base, reference.base)
    }
  }

  func testPlanPrintsEachGroupWithItsReasons() throws {
    let r = try run(["--plan"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stdout.contains("Magazines (spectrum-magazines.json)"), r.stdout)
    XCTAssertTrue(r.stdout.contains("planned rows        11"), r.stdout)
    XCTAssertTrue(r.stdout.contains("missing field {d}"), r.stdout)
    XCTAssertTrue(r.stdout.contains("not an archive.org download URL"), r.stdout)
    XCTAssertTrue(r.stdout.contains(SpectrumPlan.reasonNoMask), r.stdout)
    XCTAssertTrue(r.stdout.contains("Books (spectrum-books.json)"), r.stdout)
    XCTAssertEqual(metadataRequests.count, 0, "planning asks archive.org nothing")
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
  }

  func testValidateChecksEveryTokenAndFlagsTheSuspectOnes() throws {
    let r = try run(["--validate", "--per-token", "4"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let lines = r.stdout.components(separatedBy: "\n")
    let i2 = try XCTUnwrap(lines.first { $0.hasPrefix("{i2}") })
    XCTAssertTrue(i2.hasSuffix("100%"), i2)
    XCTAssertEqual(i2.split(separator: " ").map(String.init), ["{i2}", "4", "3", "1", "0", "100%"])
    let i3 = try XCTUnwrap(lines.first { $0.hasPrefix("{i3}") })
    XCTAssertTrue(i3.hasSuffix("<-- suspect"), i3)
    XCTAssertNotNil(lines.first { $0.hasPrefix("{M3}") })
    XCTAssertNotNil(lines.first { $0.hasPrefix("{d2}") })
    XCTAssertTrue(r.stdout.contains("crash-magazine-02/Crash_02_Mar_1984.pdf"), r.stdout)
    XCTAssertTrue(r.stdout.contains("microhobby-001 (MicroHobby #5000)"), r.stdout)
  }

  func testProbeReportsEverySectionAndWritesNothing() throws {
    let r = try run(["--probe"])
    XCTAssertEqual(r.status, 0, r.stderr)
    for heading in [
      "0. Path prefixes", "1. Archive masks", "2. Reachability", "3. files table", "4. Books", "5. Paper titles",
    ] {
      XCTAssertTrue(r.stdout.contains(heading), heading)
    }
    XCTAssertTrue(r.stdout.contains("4 issue-level overrides, 4 plain URLs without tokens"), r.stdout)
    XCTAssertTrue(r.stdout.contains(String(repeating: "─", count: 68)))
    XCTAssertEqual(metadataRequests.count, 0)
  }

  func testExpandPrintsTheExpansionOrTheError() throws {
    let ok = try Tool.run(
      "spectrum-build",
      [
        "--expand", "https://archive.org/download/crash-magazine-{i2}{s}{u-}/Crash_{i2}_{M3}_{y4}.pdf", "--number", "1",
        "--year", "1984", "--month", "2",
      ])
    XCTAssertEqual(ok.status, 0, ok.stderr)
    XCTAssertEqual(ok.stdout, "https://archive.org/download/crash-magazine-01/Crash_01_Feb_1984.pdf\n")
    let bad = try Tool.run("spectrum-build", ["--expand", "/pub/x/Issue{i2}/{p5}.jpg", "--number", "3"])
    XCTAssertEqual(bad.status, 65)
    XCTAssertTrue(bad.stderr.contains("unknown token 'p5'"), bad.stderr)
    let missing = try Tool.run("spectrum-build", ["--expand", "{M3}"])
    XCTAssertEqual(missing.status, 65)
  }

  func testAnErrorPageInsteadOfTheDumpFailsAndIsNotReplayed() throws {
    let dump = dir.appendingPathComponent("site/raw.githubusercontent.com/zxdb/ZXDB/master/ZXDB_mysql.sql.zip")
    let good = try Data(contentsOf: dump)
    try Data("<html>rate limited</html>".utf8).write(to: dump)
    let bad = try run(["--build", "magazines"])
    XCTAssertEqual(bad.status, 65, bad.stderr)
    XCTAssertTrue(bad.stderr.contains("ZXDB_mysql.sql.zip: not a zip archive"), bad.stderr)
    try good.write(to: dump)
    let fixed = try run(["--build", "magazines"])
    XCTAssertEqual(fixed.status, 0, fixed.stderr)
  }

  func testACutDumpNamesTheTableAndLine() throws {
    let dump = dir.appendingPathComponent("site/raw.githubusercontent.com/zxdb/ZXDB/master/ZXDB_mysql.sql.zip")
    let sql = try TestPaths.fixtureBytes("Spectrum/zxdb-small.sql")
    let writer = ZipWriter(entryName: "ZXDB_mysql.sql")
    writer.write(Array(sql[0..<(sql.count * 2 / 5)]))
    try Data(writer.finish()).write(to: dump)
    let r = try run(["--build", "magazines"])
    XCTAssertEqual(r.status, 65, r.stderr)
    XCTAssertTrue(r.stderr.contains("ZXDB_mysql.sql.zip: ZXDB_mysql.sql: line "), r.stderr)
    XCTAssertTrue(r.stderr.contains("the dump ends inside INSERT INTO `issues`"), r.stderr)
  }

  /// Issue 11, item 5: a dump built to exhaust memory is refused early, naming the place, with 65.
  func testAZipBombAndARunOfNULsAreRefusedNamingWhere() throws {
    let dump = dir.appendingPathComponent("site/raw.githubusercontent.com/zxdb/ZXDB/master/ZXDB_mysql.sql.zip")
    let nuls = ZipWriter(entryName: "ZXDB_mysql.sql")
    nuls.write([UInt8](repeating: 0, count: 4 << 20))
    let honest = Data(nuls.finish())

    // Its directory claiming 2 GiB: refused before a byte is inflated (and dropped from the cache).
    var bomb = honest
    let central = try XCTUnwrap(bomb.lastRange(of: Data([0x50, 0x4b, 0x01, 0x02]))).lowerBound
    bomb.replaceSubrange((central + 24)..<(central + 28), with: [0, 0, 0, 0x80])
    try bomb.write(to: dump)
    let b = try run(["--build", "magazines"])
    XCTAssertEqual(b.status, 65, b.stderr)
    XCTAssertTrue(
      b.stderr.contains("declares 2147483648 bytes uncompressed, more than the 1073741824 bytes allowed"), b.stderr)

    // Declared honestly, the NULs stop the dump reader at its statement limit.
    try honest.write(to: dump)
    let r = try run(["--build", "magazines"])
    XCTAssertEqual(r.status, 65, r.stderr)
    XCTAssertTrue(r.stderr.contains("ZXDB_mysql.sql.zip: ZXDB_mysql.sql: line 1 (byte 0): the statement ("), r.stderr)
    XCTAssertTrue(r.stderr.contains("runs past 1 MiB without ending"), r.stderr)
  }

  func testHelpListsTheModesAndTheirOptions() throws {
    let r = try Tool.run("spectrum-build", ["--help"])
    XCTAssertEqual(r.status, 0)
    XCTAssertTrue(
      r.stdout.hasPrefix(
        "OVERVIEW: Build the Spectrum Computing catalogues (magazines, fanzines, books) from the ZXDB dump and archive.org."
      ),
      r.stdout)
    for option in [
      "--build <group>", "--limit <n>", "--plan", "--probe", "--validate", "--per-token <n>", "--expand <mask>",
    ] {
      XCTAssertTrue(r.stdout.contains("  " + option), option)
    }
    XCTAssertTrue(r.stdout.contains("(default: .spectrum-cache)"), r.stdout)
  }

  func testMoreThanFiveJobsIsAUsageError() throws {
    let r = try run(["--build", "magazines", "--jobs", "8"])
    XCTAssertEqual(r.status, 64)
    XCTAssertTrue(r.stderr.contains("--jobs takes a number from 1 to 5, not '8'."), r.stderr)
    XCTAssertEqual(try run(["--plan", "--jobs", "6"]).status, 64)
  }

  func testAnUnreadableMetadataAnswerIsWarnedAboutAndCountedMissing() throws {
    server.route { req in
      guard req.host == "archive.org", req.path.hasPrefix("/metadata/") else { return nil }
      let id = String(req.path.dropFirst("/metadata/".count))
      if id == "crash-magazine-01" { return .text("<html>Internet Archive is down for maintenance</html>") }
      return MirrorResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: SpectrumBuildTests.metadata(id))
    }
    let r = try run(["--build", "magazines"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stderr.contains("https://archive.org/metadata/crash-magazine-01"), r.stderr)
    XCTAssertTrue(r.stderr.contains("counted as a missing item"), r.stderr)
    XCTAssertTrue(r.stdout.contains("missing item        2"), r.stdout)
    XCTAssertNil(try catalogue("spectrum-magazines.json").issues.first { $0.id == "101" })
  }
}
