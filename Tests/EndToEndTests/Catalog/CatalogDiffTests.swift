import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `catalog diff` on two folders, as the weekly rebuild runs it against `catalogs/`: the per-file
/// table, each file's changes, `--stat`, `--markdown`, `--json`, `--max-removed`, and its errors.
final class CatalogDiffTests: XCTestCase {
  private var temp: URL!
  private var old: URL!
  private var new: URL!

  private static let shipped = TestPaths.packageRoot.appendingPathComponent("catalogs")

  /// `old` holds three shipped catalogues; `new` the same with RetroSpec changed (one issue
  /// retitled, two removed, one added), Ritam unchanged, Stripovi gone and Spectrum books new.
  override func setUpWithError() throws {
    temp = try Tool.temporaryDirectory("catalog-diff")
    old = temp.appendingPathComponent("old")
    new = temp.appendingPathComponent("new")
    for u in [old, new] { try FileManager.default.createDirectory(at: u!, withIntermediateDirectories: true) }
    for name in ["retrospec-catalog.json", "popboks-ritam.json", "stripovi-catalog.json"] {
      try FileManager.default.copyItem(
        at: Self.shipped.appendingPathComponent(name), to: old.appendingPathComponent(name))
    }
    try FileManager.default.copyItem(
      at: Self.shipped.appendingPathComponent("popboks-ritam.json"),
      to: new.appendingPathComponent("popboks-ritam.json"))
    try FileManager.default.copyItem(
      at: Self.shipped.appendingPathComponent("spectrum-books.json"),
      to: new.appendingPathComponent("spectrum-books.json"))
    guard case .issue(var retro) = try read(old.appendingPathComponent("retrospec-catalog.json")) else {
      return XCTFail("not an issue catalogue")
    }
    retro.issues[10].title = "Promenjen | naslov"
    retro.issues.remove(at: 40)
    retro.issues.remove(at: 30)
    var extra = retro.issues[1]
    extra.id = "ADDED_1"
    extra.zip = "ADDED/1.zip"
    retro.issues.append(extra)
    try Data(try CatalogueEncoder.encode(retro)).write(to: new.appendingPathComponent("retrospec-catalog.json"))
  }

  override func tearDownWithError() throws {
    if let temp { try? FileManager.default.removeItem(at: temp) }
  }

  private func read(_ url: URL) throws -> AnyCatalogue {
    try CatalogueFile.decode([UInt8](try Data(contentsOf: url)), file: url.lastPathComponent)
  }

  private func diff(_ args: String...) throws -> Tool.Result {
    try Tool.run("catalog", ["diff"] + args, in: temp)
  }

  private func row(_ stdout: String, _ file: String) -> [String]? {
    stdout.split(separator: "\n").first { $0.hasPrefix(file + " ") }?.split(separator: " ").map(String.init)
  }

  func testTwoFoldersPrintThePerFileTableThenEachDifferingFileAndExitOne() throws {
    let r = try diff("old", "new")
    XCTAssertEqual(r.status, 1, r.stderr)
    XCTAssertTrue(r.stdout.hasPrefix("old: old (3 catalogues)\nnew: new (3 catalogues)\n\n"), r.stdout)
    XCTAssertEqual(
      row(r.stdout, "retrospec-catalog.json"), ["retrospec-catalog.json", "653", "652", "1", "2", "1", "changed"])
    XCTAssertEqual(row(r.stdout, "popboks-ritam.json"), ["popboks-ritam.json", "25", "25", "0", "0", "0"])
    XCTAssertEqual(
      row(r.stdout, "stripovi-catalog.json"), ["stripovi-catalog.json", "31", "-", "0", "31", "0", "only", "in", "old"])
    XCTAssertEqual(
      row(r.stdout, "spectrum-books.json"), ["spectrum-books.json", "-", "174", "174", "0", "0", "only", "in", "new"])
    XCTAssertTrue(r.stdout.contains("\n3 of 4 catalogues differ\n"), r.stdout)
    XCTAssertTrue(r.stdout.contains("==> retrospec-catalog.json <==\nold: old/retrospec-catalog.json (653 issues)"))
    XCTAssertTrue(r.stdout.contains("    title: "), r.stdout)
    XCTAssertTrue(r.stdout.contains("==> stripovi-catalog.json <==\nonly in old: 31 records, all removed"), r.stdout)
    XCTAssertFalse(r.stdout.contains("==> popboks-ritam.json"), r.stdout)
    XCTAssertFalse(r.stdout.contains("\u{1B}["), "no colour in a pipe")
  }

  func testStatPrintsTheTableAlone() throws {
    let r = try diff("old", "new", "--stat")
    XCTAssertEqual(r.status, 1, r.stderr)
    XCTAssertTrue(r.stdout.hasSuffix("3 of 4 catalogues differ\n"), r.stdout)
    XCTAssertFalse(r.stdout.contains("==>"), r.stdout)
  }

  func testIdenticalFoldersExitZero() throws {
    let r = try diff("old", "old")
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    XCTAssertTrue(r.stdout.hasSuffix("no differences in 3 catalogues\n"), r.stdout)
  }

  func testMarkdownGivesCountsThenChangesForAPullRequest() throws {
    let r = try diff("old", "new", "--markdown")
    XCTAssertEqual(r.status, 1, r.stderr)
    XCTAssertTrue(
      r.stdout.hasPrefix(
        "### Catalogue changes\n\n`old` → `new`: **3 of 4 catalogues differ** (175 records added, 33 removed, 1 changed)\n"
      ),
      r.stdout)
    XCTAssertTrue(r.stdout.contains("| retrospec-catalog.json | 653 | 652 | 1 | 2 | 1 | **changed** |"), r.stdout)
    XCTAssertTrue(r.stdout.contains("#### retrospec-catalog.json"), r.stdout)
    XCTAssertTrue(r.stdout.contains("\"Promenjen \\| naslov\""), r.stdout)
    XCTAssertTrue(r.stdout.contains("Only in `old`: all 31 records removed."), r.stdout)
  }

  func testJSONForFoldersListsEveryFileWithItsStatusAndDiff() throws {
    let r = try diff("old", "new", "--json")
    XCTAssertEqual(r.status, 1, r.stderr)
    let doc = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(doc["differs"] as? Bool, true)
    XCTAssertEqual(doc["totals"] as? [String: Int], ["added": 175, "removed": 33, "changed": 1, "unchanged": 675])
    let files = try XCTUnwrap(doc["files"] as? [[String: Any]])
    XCTAssertEqual(
      files.map { $0["file"] as? String },
      [
        "popboks-ritam.json", "retrospec-catalog.json", "spectrum-books.json", "stripovi-catalog.json",
      ])
    XCTAssertEqual(files.map { $0["status"] as? String }, ["same", "changed", "only-in-new", "only-in-old"])
    let retro = try XCTUnwrap(files[1]["diff"] as? [String: Any])
    XCTAssertEqual((retro["removed"] as? [Any])?.count, 2)
  }

  func testMaxRemovedAppliesToEachFileOfAFolderAndNamesIt() throws {
    let r = try diff("old", "new", "--max-removed", "5")
    XCTAssertEqual(r.status, 2)
    XCTAssertTrue(
      r.stderr.contains(
        "error: new/stripovi-catalog.json: 31 of 31 records of old/stripovi-catalog.json are gone (100.0%), more than --max-removed 5%"
      ), r.stderr)
    XCTAssertFalse(r.stderr.contains("retrospec-catalog.json"), "2 of 653 is under 5%")
    let md = try diff("old", "new", "--markdown", "--max-removed", "5")
    XCTAssertEqual(md.status, 2)
    XCTAssertTrue(
      md.stdout.contains("> **Too many removed:** stripovi-catalog.json removes 31 of 31 records"), md.stdout)
  }

  func testAFileAndAFolderCompareTheFileWithItsNamesake() throws {
    let r = try diff("old", "new/retrospec-catalog.json", "--stat")
    XCTAssertEqual(r.status, 1, r.stderr)
    XCTAssertTrue(
      r.stdout.hasPrefix("old: old/retrospec-catalog.json (653 issues)\nnew: new/retrospec-catalog.json (652 issues)"),
      r.stdout)
  }

  func testAnUnknownIgnoredFieldIsAUsageErrorListingTheKnownOnes() throws {
    let r = try diff("old", "new", "--ignore", "generated,titel")
    XCTAssertEqual(r.status, 64)
    XCTAssertTrue(
      r.stderr.contains("error: --ignore: no catalogue has a field 'titel'. Did you mean 'title'?"), r.stderr)
    XCTAssertTrue(r.stderr.contains("Fields: base, bytes, code,"), r.stderr)
    XCTAssertEqual(r.stdout, "")
  }

  func testIgnoringTheChangedFieldsLeavesOnlyTheRecordCounts() throws {
    let r = try diff("old/retrospec-catalog.json", "new/retrospec-catalog.json", "--ignore", "title")
    XCTAssertEqual(r.status, 1)
    XCTAssertFalse(r.stdout.contains("\nchanged ("), r.stdout)
  }

  /// The diff reads through the one catalogue reader, so a syntax error names the file, line and
  /// column, never a Foundation dump; the other files are still compared.
  func testASyntaxErrorInOneFileNamesTheFileAndTheRestIsStillCompared() throws {
    try Data("{\n  \"version\" : 1,\n  \"base\" : \"x\"\n  \"issues\" : []\n}".utf8)
      .write(to: new.appendingPathComponent("archive-catalog.json"))
    let r = try diff("old", "new")
    XCTAssertEqual(r.status, 2)
    XCTAssertTrue(r.stderr.contains("error: new/archive-catalog.json: not JSON: line 4, column 3: "), r.stderr)
    XCTAssertFalse(r.stderr.contains("NSCocoaErrorDomain"), r.stderr)
    XCTAssertEqual(row(r.stdout, "archive-catalog.json")?.last, "error")
    XCTAssertEqual(row(r.stdout, "retrospec-catalog.json")?.last, "changed")
  }

  func testOneFormatAtATime() throws {
    let r = try diff("old", "new", "--json", "--markdown")
    XCTAssertEqual(r.status, 64)
    XCTAssertTrue(r.stderr.contains("error: choose one of --json, --markdown, not both."), r.stderr)
  }

  /// Colour only for a person at a terminal: `script` gives the tool one, and NO_COLOR takes it away.
  func testColourOnATerminalOnlyAndNeverWithNoColor() throws {
    let script = URL(fileURLWithPath: "/usr/bin/script")
    guard FileManager.default.isExecutableFile(atPath: script.path) else {
      throw XCTSkip("/usr/bin/script (util-linux) is absent, so no terminal can be given to the tool")
    }
    let catalog = Tool.productsDirectory.appendingPathComponent("catalog").path
    func onATerminal(_ environment: [String: String]) throws -> String {
      let p = Process()
      p.executableURL = script
      p.arguments = ["-qec", "\(catalog) diff old/retrospec-catalog.json new/retrospec-catalog.json", "/dev/null"]
      p.currentDirectoryURL = temp
      var env = ProcessInfo.processInfo.environment
      env["NO_COLOR"] = nil
      for (k, v) in environment { env[k] = v }
      p.environment = env
      let out = Pipe()
      p.standardOutput = out
      p.standardInput = FileHandle.nullDevice
      try p.run()
      let data = out.fileHandleForReading.readDataToEndOfFile()
      p.waitUntilExit()
      return String(decoding: data, as: UTF8.self)
    }
    let coloured = try onATerminal([:])
    XCTAssertTrue(coloured.contains("\u{1B}[31m  - SK"), coloured)
    XCTAssertFalse(try onATerminal(["NO_COLOR": "1"]).contains("\u{1B}["))
  }

  func testAMissingSideIsNamedAsTypedNotJoinedToTheOtherFolder() throws {
    let old = temp.appendingPathComponent("catalogs")
    try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
    let r = try Tool.run("catalog", ["diff", "catalogs/", "catalogs-new/"], in: temp)
    XCTAssertEqual(r.status, 2, r.stderr)
    XCTAssertEqual(r.stderr, "error: catalogs-new/: no such file or folder\n")
    let first = try Tool.run("catalog", ["diff", "nowhere.json", "catalogs/"], in: temp)
    XCTAssertEqual(first.stderr, "error: nowhere.json: no such file or folder\n")
  }
}
