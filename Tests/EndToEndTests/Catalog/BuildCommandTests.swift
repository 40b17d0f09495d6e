import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `catalog build`: the sources' build executables run one after another, one summary table.
final class BuildCommandTests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws {
    dir = try Tool.temporaryDirectory("catalog-build")
  }

  override func tearDownWithError() throws {
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  static let header = [
    "catalogue", "status", "issues", "series", "new", "removed", "changed", "dead", "unsized", "requests", "cached",
    "time",
  ]

  /// The table's rows (header and total included), split on runs of spaces.
  static func table(_ stdout: String) -> [[String]] {
    let lines = stdout.split(separator: "\n").map(String.init)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("catalogue ") }),
      let end = lines[start...].firstIndex(where: { $0.hasPrefix("total (") })
    else { return [] }
    return lines[start...end].map { line in
      // "total (8 files)" is one cell.
      let l = line.replacingOccurrences(of: "total (", with: "total(").replacingOccurrences(
        of: " files)", with: "-files)"
      ).replacingOccurrences(of: " file)", with: "-file)")
      return l.split(separator: " ").map(String.init)
    }
  }

  func testAColdCacheWithoutNetworkFailsFastListsTheMissingURLsAndChangesNoCatalogue() throws {
    let out = dir.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let existing = out.appendingPathComponent("retrospec-catalog.json")
    let before = try Data(contentsOf: TestPaths.fixture("Catalogue/golden-issue-catalogue.json"))
    try before.write(to: existing)

    let r = try Tool.run(
      "catalog",
      ["build", "--all", "--no-network", "--out", out.path, "--cache-root", dir.appendingPathComponent("caches").path],
      in: dir)
    XCTAssertEqual(r.status, 69, r.stdout + r.stderr)
    for (source, url) in [
      ("retrospec", "https://retrospec.elite.org/pcsux/indexSK.html"),
      ("archive", "https://archive.org/metadata/amiga-bilten-1"),
      ("bombjack", "https://commodore.bombjack.org/"),
      ("atarimania", "https://www.atarimania.com/magazines"),
      ("vintageapple", "https://vintageapple.org/softalk/"),
      ("popboks", "https://www.popboks.com/dzuboks/js/dzuboks.js"),
      ("stripovi", "https://www.stripovi.com/index.asp?page=online-comics-single&ComicID=1&PageCount=1"),
    ] {
      guard let at = r.stderr.range(of: "error: \(source) failed with exit 69\n") else {
        XCTFail("no failure heading for \(source):\n\(r.stderr)")
        continue
      }
      let section = r.stderr[at.upperBound...].prefix { $0 != "[" }
      // The cache folders do not exist: each tool says so, and names the URLs it needed.
      XCTAssertTrue(section.contains("does not exist") && section.contains("--no-network"), String(section))
      XCTAssertTrue(section.contains("    " + url + "\n"), "\(source) lists \(url):\n\(section)")
    }
    XCTAssertTrue(r.stderr.contains("error: spectrum magazines failed with exit 69\n"), r.stderr)
    XCTAssertEqual(try Data(contentsOf: existing), before, "the existing catalogue is byte-identical")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["retrospec-catalog.json"])

    let rows = Self.table(r.stdout)
    XCTAssertEqual(rows.first, Self.header)
    for row in rows.dropFirst().dropLast() {
      XCTAssertEqual(row[1], "failed", row.joined(separator: " "))
      if row.count == Self.header.count { XCTAssertEqual(row[9], "0", "no request was made: \(row)") }
    }
    XCTAssertTrue(r.stdout.contains("0 written, 0 unchanged, 0 refused,"), r.stdout)
  }

  func testTheSummaryHasOneRowPerCatalogueWithCountsDiffAndRequests() throws {
    // The demo fills a cache; two sources are then rebuilt from it with one catalogue edited.
    let demo = try Tool.run("catalog", ["demo", "--out", dir.path, "--date", "2026-11-30", "--quiet"])
    XCTAssertEqual(demo.status, 0, demo.stdout + demo.stderr)
    let out = dir.appendingPathComponent("catalogs")
    let archive = out.appendingPathComponent("archive-catalog.json")
    guard case .issue(var c) = try CatalogueFile.decode([UInt8](try Data(contentsOf: archive)), file: "archive") else {
      return XCTFail("archive-catalog.json is not an issue catalogue")
    }
    c.issues[0].title = "Edited"
    c.issues.removeLast()
    try Data(try CatalogueEncoder.encode(c)).write(to: archive)

    let r = try Tool.run(
      "catalog",
      [
        "build", "popboks", "archive", "--no-network", "--out", out.path, "--cache-root",
        dir.appendingPathComponent("cache").path, "--date", "2026-11-30", "--with", "popboks:--min-issues=1", "--quiet",
      ], in: dir)
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    XCTAssertEqual(r.stderr, "")
    let rows = Self.table(r.stdout)
    XCTAssertEqual(
      rows.map { $0[0] },
      ["catalogue", "popboks-dzuboks.json", "popboks-ritam.json", "archive-catalog.json", "total(3-files)"])
    XCTAssertEqual(rows[0], Self.header)
    // popboks writes two files in one run: the run's requests, cache hits and time are on its first row.
    XCTAssertEqual(Array(rows[1][1...10]), ["unchanged", "7", "1", "0", "0", "0", "-", "-", "0", rows[1][10]])
    XCTAssertEqual(rows[2].count, 9, "no per-run cells on the second file of a run: \(rows[2])")
    XCTAssertEqual(Array(rows[2][1...8]), ["unchanged", "6", "1", "0", "0", "0", "-", "-"])
    // archive: the edited file is replaced; one issue comes back, one title is restored.
    XCTAssertEqual(Array(rows[3][1...9]), ["written", "4", "2", "1", "0", "1", "0", "0", "0"])
    XCTAssertGreaterThan(Int(rows[3][10]) ?? 0, 0, "served from the cache")
    // The total (no status): issues, series, new, removed, changed, dead, unsized, requests.
    XCTAssertEqual(Array(rows[4][1...8]), ["17", "4", "1", "0", "1", "0", "0", "0"])
    XCTAssertEqual(rows[4].count, 11)
    XCTAssertTrue(
      r.stdout.contains("3 catalogues: 1 written, 2 unchanged, 0 refused, 0 failed in \(out.path)"), r.stdout)
  }

  func testAnUnknownSourceIsAUsageErrorWithANearMatch() throws {
    let r = try Tool.run("catalog", ["build", "retrospek"])
    XCTAssertEqual(r.status, 64)
    XCTAssertTrue(r.stderr.hasPrefix("error: unknown source 'retrospek'. Did you mean 'retrospec'?"), r.stderr)
    let both = try Tool.run("catalog", ["build", "archive", "--all"])
    XCTAssertEqual(both.status, 64)
    let with = try Tool.run("catalog", ["build", "--all", "--with", "retrospec"])
    XCTAssertEqual(with.status, 64)
    XCTAssertTrue(with.stderr.contains("--with takes <source>:<argument>"), with.stderr)
  }

  func testEachToolsWarningsArePassedThroughUnderItsNameAndItsReportIsKeptBesideTheRebuilds() throws {
    let mirror = try DemoMirrorProcess()
    defer { mirror.stop() }
    let history = dir.appendingPathComponent("state/history.jsonl")
    let r = try Tool.run(
      "catalog",
      [
        "build", "bombjack", "archive", "--mirror", mirror.url, "--delay", "0", "--date", "2026-11-30", "--out",
        dir.appendingPathComponent("out").path, "--cache-root", dir.appendingPathComponent("cache").path, "--report",
        dir.appendingPathComponent("rebuild/build.json").path, "--history", history.path,
      ] + mirror.buildArguments, in: dir)
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    let lines = r.stderr.split(separator: "\n").map(String.init)
    // Under the tool's heading, each of its warnings, indented; every line timestamped (a log).
    guard
      let heading = lines.firstIndex(where: {
        $0.range(of: #"Z warning: bombjack: \d+ warnings, 0 errors$"#, options: .regularExpression) != nil
      })
    else { return XCTFail("no heading for bombjack's warnings:\n\(r.stderr)") }
    XCTAssertTrue(lines[heading + 1].contains("Z   warning: https://commodore.bombjack.org/"), lines[heading + 1])
    XCTAssertTrue(r.stderr.contains("WARN issues/live-has-bytes"), r.stderr)

    let rebuild = try LoopTests.json(dir.appendingPathComponent("rebuild/build.json"))
    XCTAssertEqual((rebuild["files"] as? [[String: Any]])?.count, 8)
    let runs = rebuild["runs"] as? [[String: Any]] ?? []
    XCTAssertEqual(runs.map { $0["label"] as? String }, ["bombjack", "archive"])
    XCTAssertEqual(runs.map { $0["report"] as? String }, ["reports/bombjack.json", "reports/archive.json"])
    XCTAssertGreaterThan((runs[0]["warnings"] as? [String])?.count ?? 0, 0)
    XCTAssertGreaterThan((runs[0]["counters"] as? [String: Int])?["fetch/requests"] ?? 0, 0)
    let findings = rebuild["findings"] as? [[String: Any]] ?? []
    XCTAssertTrue(findings.contains { $0["rule"] as? String == "issues/live-has-bytes" }, "\(findings)")
    XCTAssertNotNil((rebuild["versions"] as? [String: String])?["catalogueFormat"])
    let kept = try LoopTests.json(dir.appendingPathComponent("rebuild/reports/bombjack.json"))
    XCTAssertEqual(kept["tool"] as? String, "bombjack-build")

    // One history line per catalogue file.
    let historyLines = try String(contentsOf: history, encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(historyLines.count, 8)
    XCTAssertTrue(historyLines.allSatisfy { $0.contains("\"run\":") && $0.contains("\"file\":") })

    // --json: the same document on stdout, nothing else; --no-history appends nothing.
    let json = try Tool.run(
      "catalog",
      [
        "build", "archive", "--no-network", "--date", "2026-11-30", "--out", dir.appendingPathComponent("out").path,
        "--cache-root", dir.appendingPathComponent("cache").path, "--json", "--no-history", "--quiet",
      ], in: dir)
    XCTAssertEqual(json.status, 0, json.stdout + json.stderr)
    let doc = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    XCTAssertEqual((doc?["files"] as? [[String: Any]])?.first?["status"] as? String, "unchanged")
    XCTAssertEqual(try String(contentsOf: history, encoding: .utf8).split(separator: "\n").count, 8)
  }

  func testMaxTimeTakesALengthOfTime() throws {
    for bad in ["5x", "0s", "", "1m1h", "99999999999999999999s"] {
      let r = try Tool.run("catalog", ["build", "--all", "--max-time", bad], in: dir)
      XCTAssertEqual(r.status, 64, bad)
      XCTAssertTrue(r.stderr.hasPrefix("error: --max-time takes a length of time such as 90s"), r.stderr)
    }
    // A good one passes: the next option's error is the one reported.
    for good in ["90", "90s", "45m", "5h30m", "2d"] {
      let r = try Tool.run("catalog", ["build", "--all", "--max-time", good, "--stats-every", "0"], in: dir)
      XCTAssertTrue(r.stderr.hasPrefix("error: --stats-every takes a number from 1"), "\(good): \(r.stderr)")
    }
  }

  func testSIGTERMStopsTheRunningToolTooAndTheReportIsStillWritten() throws {
    let mirror = try DemoMirrorProcess(slowMilliseconds: 400)
    defer { mirror.stop() }
    let stderrFile = dir.appendingPathComponent("stderr.txt")
    XCTAssertTrue(FileManager.default.createFile(atPath: stderrFile.path, contents: nil))
    let p = Process()
    p.executableURL = Tool.productsDirectory.appendingPathComponent("catalog")
    p.arguments =
      [
        "build", "--all", "--mirror", mirror.url, "--delay", "0", "--date", "2026-11-30", "--out",
        dir.appendingPathComponent("out").path, "--cache-root", dir.appendingPathComponent("cache").path, "--report",
        dir.appendingPathComponent("rebuild/build.json").path, "--history", dir.appendingPathComponent("h.jsonl").path,
      ] + mirror.buildArguments
    p.currentDirectoryURL = dir
    p.standardOutput = FileHandle.nullDevice
    p.standardError = try FileHandle(forWritingTo: stderrFile)
    p.standardInput = FileHandle.nullDevice
    try p.run()
    // Once retrospec-build is under way (its first stats arrive at the slow site's pace), stop.
    let started = Date()
    while !(try String(contentsOf: stderrFile, encoding: .utf8)).contains("retrospec: building"),
      Date().timeIntervalSince(started) < 30
    {
      Thread.sleep(forTimeInterval: 0.1)
    }
    Thread.sleep(forTimeInterval: 1)
    p.terminate()
    p.waitUntilExit()
    XCTAssertEqual(p.terminationReason, .uncaughtSignal)
    XCTAssertEqual(p.terminationStatus, SIGTERM, "ends as the signal would have (143 in a shell)")

    // No tool is left crawling alone: nothing running names this test's folder.
    let procs = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    let orphans = procs.filter { pid in
      guard Int(pid) != nil, let cmd = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
        return false
      }
      let line = String(decoding: cmd, as: UTF8.self)
      return line.contains("-build") && line.contains(dir.path)
    }
    XCTAssertEqual(orphans, [], "a build tool outlived catalog build")

    let report = try LoopTests.json(dir.appendingPathComponent("rebuild/build.json"))
    XCTAssertEqual(report["exitCode"] as? Int, 75)
    let runs = report["runs"] as? [[String: Any]] ?? []
    XCTAssertEqual(runs.first?["exitCode"] as? Int, 75)
    XCTAssertEqual(runs.dropFirst().filter { $0["postponed"] as? Bool == true }.count, runs.count - 1)
    let stderr = try String(contentsOf: stderrFile, encoding: .utf8)
    XCTAssertTrue(stderr.contains("retrospec: stopped by signal 15"), stderr)
  }
}
