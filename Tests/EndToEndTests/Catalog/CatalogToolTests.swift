import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// Runs the built `catalog` on the reference catalogues in place and on temporary copies made here.
final class CatalogToolTests: XCTestCase {
  private var temp: URL!

  override func setUpWithError() throws {
    temp = try Tool.temporaryDirectory("catalog-tool")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: temp)
  }

  private func reference(_ name: String) throws -> AnyCatalogue {
    let url = try TestPaths.shared("reference-catalogs/" + name)
    return try CatalogueFile.decode([UInt8](try Data(contentsOf: url)), file: name)
  }

  private func referenceIssues(_ name: String) throws -> IssueCatalogue {
    guard case .issue(let c) = try reference(name) else { throw XCTSkip("\(name) is not an issue catalogue") }
    return c
  }

  /// Writes `c` canonically into the temporary folder and returns its path.
  @discardableResult
  private func write<C: Catalogue>(_ c: C, _ name: String, in folder: URL? = nil) throws -> String {
    let url = (folder ?? temp).appendingPathComponent(name)
    try Data(try CatalogueEncoder.encode(c)).write(to: url)
    return url.path
  }

  private func catalog(_ args: String...) throws -> Tool.Result { try Tool.run("catalog", args) }

  // MARK: check

  func testCheckPassesOnTheReferenceCatalogues() throws {
    let folder = try TestPaths.shared("reference-catalogs")
    let r = try Tool.run("catalog", ["check", folder.path])
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    XCTAssertTrue(r.stdout.hasPrefix("18 catalogues in \(folder.path): 18 pass, 0 fail; folder rules: ok\n"), r.stdout)
    let row = r.stdout.split(separator: "\n").first { $0.hasPrefix("retrospec-catalog.json ") }
    XCTAssertEqual(row?.split(separator: " "), ["retrospec-catalog.json", "issue", "653", "0.1", "s", "ok"])
  }

  func testCheckJSONListsEveryFileAndTheFolderFindings() throws {
    let folder = try TestPaths.shared("reference-catalogs")
    let r = try catalog("check", folder.path, "--json")
    XCTAssertEqual(r.status, 0, r.stderr)
    let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
    XCTAssertEqual(doc?["errors"] as? Int, 0)
    XCTAssertEqual((doc?["files"] as? [Any])?.count, 18)
    XCTAssertEqual((doc?["folder"] as? [Any])?.count, 0)
  }

  func testCheckFailsOnAFolderWithNoCatalogues() throws {
    let r = try catalog("check", temp.path)
    XCTAssertEqual(r.status, 65)
    XCTAssertTrue(r.stdout.contains("ERROR folder/not-empty: found no catalogues to check"), r.stdout)
  }

  func testCheckOfASubsetNeedsExpectPresent() throws {
    try write(try referenceIssues("retrospec-catalog.json"), "retrospec-catalog.json")
    guard case .popboks(let ritam) = try reference("popboks-ritam.json") else { return XCTFail("not PopBoks") }
    try write(ritam, "popboks-ritam.json")
    let all = try catalog("check", temp.path)
    XCTAssertEqual(all.status, 65)
    XCTAssertTrue(all.stdout.contains("ERROR folder/expected-set: 16 of the 18 catalogues are missing"), all.stdout)
    let present = try catalog("check", temp.path, "--expect", "present")
    XCTAssertEqual(present.status, 0, present.stdout)
    XCTAssertTrue(
      present.stdout.hasPrefix("2 catalogues in \(temp.path): 2 pass, 0 fail; folder rules: ok"), present.stdout)
  }

  func testCheckNamesAnUnreadableFileAndFails() throws {
    try write(try referenceIssues("retrospec-catalog.json"), "retrospec-catalog.json")
    try Data("{\"version\": 3}".utf8).write(to: temp.appendingPathComponent("future.json"))
    let r = try catalog("check", temp.path, "--expect", "present")
    XCTAssertEqual(r.status, 65)
    XCTAssertTrue(r.stderr.contains("future.json: catalogue version 3 is newer than this toolchain reads"), r.stderr)
  }

  // MARK: validate on mutated copies

  /// Validates `c` written as `name` and returns the ERROR line of `rule` and the records line under it.
  private func failing<C: Catalogue>(
    _ c: C, _ name: String, rule: String, file: StaticString = #filePath, line: UInt = #line
  )
    throws -> String
  {
    let path = try write(c, name)
    let r = try catalog("validate", path)
    XCTAssertEqual(r.status, 65, r.stdout + r.stderr, file: file, line: line)
    let lines = r.stdout.split(separator: "\n").map(String.init)
    guard let at = lines.firstIndex(where: { $0.hasPrefix("  ERROR \(rule): ") }) else {
      XCTFail("no ERROR \(rule) in:\n\(r.stdout)", file: file, line: line)
      return ""
    }
    return lines[at] + "\n" + (at + 1 < lines.count ? lines[at + 1] : "")
  }

  func testAForeignHostFailsTheDownloadHostRuleNamingTheIssue() throws {
    var c = try referenceIssues("bombjack-books.json")
    let id = c.issues[7].id
    c.issues[7].zip = "https://www.mediafire.com/file/abc/book.zip"
    let out = try failing(c, "bombjack-books.json", rule: "issues/download-host")
    XCTAssertTrue(out.contains("host www.mediafire.com is not on the download allowlist"), out)
    XCTAssertTrue(out.contains("records: \(id)"), out)
  }

  func testADuplicateIdFailsTheUniqueIdRuleNamingTheId() throws {
    var c = try referenceIssues("retrospec-catalog.json")
    c.issues[5].id = c.issues[4].id
    let out = try failing(c, "retrospec-catalog.json", rule: "issues/unique-id")
    XCTAssertTrue(out.contains("records: \(c.issues[4].id)"), out)
  }

  func testAGapInNumberingFailsTheNumberingRuleNamingTheSeries() throws {
    var c = try referenceIssues("retrospec-catalog.json")
    let series = c.issues[0].series
    guard let last = c.issues.lastIndex(where: { $0.series == series }) else { return XCTFail("no series") }
    let n = c.issues[last].number
    c.issues[last].number = n + 1
    let out = try failing(c, "retrospec-catalog.json", rule: "issues/numbering")
    XCTAssertTrue(out.contains("\(series) (missing \(n))"), out)
    XCTAssertTrue(out.contains("records: \(series)"), out)
  }

  func testAMissingSeriesFailsTheKnownSeriesRuleNamingItsIssues() throws {
    var c = try referenceIssues("retrospec-catalog.json")
    let gone = c.series.removeLast()
    let orphans = c.issues.filter { $0.series == gone.key }.map(\.id)
    let out = try failing(c, "retrospec-catalog.json", rule: "issues/known-series")
    XCTAssertTrue(
      out.contains("\(orphans.count) issues name a series missing from the series block (\(gone.key))"), out)
    XCTAssertTrue(out.contains("records: " + orphans.prefix(5).joined(separator: ", ")), out)
  }

  func testAnAbsoluteZipPathFailsTheRelativePathRuleNamingTheIssue() throws {
    var c = try referenceIssues("retrospec-catalog.json")
    c.issues[10].zip = c.base + c.issues[10].zip
    let out = try failing(c, "retrospec-catalog.json", rule: "issues/relative-paths")
    XCTAssertTrue(out.contains("records: \(c.issues[10].id)"), out)
  }

  func testValidatePassesAReferenceFileAndRefusesANewerVersion() throws {
    let ok = try catalog("validate", try TestPaths.shared("reference-catalogs/popboks-dzuboks.json").path)
    XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
    let future = temp.appendingPathComponent("future.json")
    try Data(#"{"base":"","generated":"2031-01-01","issues":[],"series":[],"version":2}"#.utf8).write(to: future)
    let r = try catalog("validate", future.path)
    XCTAssertEqual(r.status, 65)
    XCTAssertTrue(
      r.stderr.contains("error: \(future.path): catalogue version 2 is newer than this toolchain reads (up to 1)"),
      r.stderr)
    let missing = try catalog("validate", temp.appendingPathComponent("nope.json").path)
    XCTAssertEqual(missing.status, 74)
  }

  // MARK: diff

  func testDiffPrintsThreeRemovedTwoAddedAndOneRetitledAndExitsOne() throws {
    let old = try referenceIssues("retrospec-catalog.json")
    var new = old
    let retitled = new.issues[20]
    new.issues[20].title = "Promenjen naslov"
    new.issues.remove(at: 100)
    new.issues.remove(at: 50)
    new.issues.remove(at: 0)
    var extra = old.issues[1]
    extra.id = "ADDED_1"
    extra.zip = "ADDED/1.zip"
    new.issues.append(extra)
    extra.id = "ADDED_2"
    extra.zip = "ADDED/2.zip"
    new.issues.append(extra)
    let a = try write(old, "old.json")
    let b = try write(new, "new.json")
    let r = try catalog("diff", a, b)
    XCTAssertEqual(r.status, 1, r.stderr)
    let lines = r.stdout.split(separator: "\n").map(String.init)
    let total = lines.first { $0.hasPrefix("all issues") }?.split(separator: " ").map(String.init)
    XCTAssertEqual(total, ["all", "issues", "2", "3", "1", "\(old.issues.count - 4)"], r.stdout)
    XCTAssertTrue(
      r.stdout.contains(
        "changed (1):\n  \(retitled.series)  \(retitled.id)\n    title: \"\(retitled.title)\" => \"Promenjen naslov\""),
      r.stdout)
    XCTAssertTrue(r.stdout.contains("added (2):"), r.stdout)
    XCTAssertTrue(r.stdout.contains("removed (3):"), r.stdout)
    XCTAssertFalse(r.stdout.contains("catalogue:"), "generated is the same")
  }

  func testDiffOfIdenticalFilesExitsZero() throws {
    let path = try TestPaths.shared("reference-catalogs/bombjack-other.json").path
    let r = try catalog("diff", path, path)
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    XCTAssertTrue(r.stdout.hasSuffix("no differences\n"), r.stdout)
  }

  func testDiffIgnoresFieldsAndChecksTheRemovedShare() throws {
    let old = try referenceIssues("atarimania-catalog.json")
    var new = old
    new.generated = "2030-01-01"
    new.issues.removeLast(200)
    let a = try write(old, "old.json")
    let b = try write(new, "new.json")
    let same = try catalog("diff", a, a, "--ignore", "generated,bytes")
    XCTAssertEqual(same.status, 0)
    let limited = try catalog("diff", a, b, "--max-removed", "5")
    XCTAssertEqual(limited.status, 2)
    XCTAssertTrue(limited.stderr.contains("200 of \(old.issues.count) records"), limited.stderr)
    XCTAssertTrue(limited.stderr.contains("more than --max-removed 5%"), limited.stderr)
    XCTAssertEqual(try catalog("diff", a, b, "--max-removed", "20%").status, 1)
  }

  func testDiffJSONCarriesTheCountsAndTheChanges() throws {
    guard case .popboks(let old) = try reference("popboks-ritam.json") else { return XCTFail("not PopBoks") }
    var new = old
    new.issues[3].rows += 1
    let r = try catalog("diff", try write(old, "old.json"), try write(new, "new.json"), "--json")
    XCTAssertEqual(r.status, 1)
    let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
    let diff = doc?["diff"] as? [String: Any]
    let counts = diff?["counts"] as? [String: Int]
    XCTAssertEqual(counts, ["added": 0, "removed": 0, "changed": 1, "unchanged": old.issues.count - 1])
  }

  func testDiffOfTwoShapesOrAMissingFileIsTrouble() throws {
    let ritam = try TestPaths.shared("reference-catalogs/popboks-ritam.json").path
    let retro = try TestPaths.shared("reference-catalogs/retrospec-catalog.json").path
    let shapes = try catalog("diff", ritam, retro)
    XCTAssertEqual(shapes.status, 2)
    XCTAssertTrue(shapes.stderr.contains("cannot compare a PopBoks catalogue with an issue one"), shapes.stderr)
    XCTAssertEqual(try catalog("diff", ritam, temp.appendingPathComponent("none.json").path).status, 2)
  }

  // MARK: stats, help, usage

  func testStatsPrintsOneAlignedRowPerFileAndATotal() throws {
    let folder = try TestPaths.shared("reference-catalogs")
    let r = try catalog(
      "stats", folder.appendingPathComponent("retrospec-catalog.json").path,
      folder.appendingPathComponent("popboks-ritam.json").path)
    XCTAssertEqual(r.status, 0, r.stderr)
    let lines = r.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 4, r.stdout)
    XCTAssertTrue(lines[0].hasPrefix("file "), r.stdout)
    XCTAssertEqual(lines[1].split(separator: " ").prefix(4), ["retrospec-catalog.json", "issue", "653", "19"])
    XCTAssertTrue(lines[3].hasPrefix("total (2 files)"), r.stdout)
    XCTAssertEqual(Set(lines.map(\.count)).count <= 2, true, "rows are aligned:\n\(r.stdout)")
  }

  func testUsageErrorsExitSixtyFourAndPointToHelp() throws {
    let one = try catalog("diff", "only-one.json")
    XCTAssertEqual(one.status, 64)
    XCTAssertEqual(
      one.stderr,
      "error: diff takes two files or folders, <old> and <new>, not 1.\nUSAGE: catalog diff <old> <new> [--ignore <field>] ... [--stat] [--markdown] [--json] [--max-removed <pct>] [--site <id>]\n  See 'catalog diff --help'.\n"
    )
    let typo = try catalog("diff", "a", "b", "--jsn")
    XCTAssertEqual(typo.status, 64)
    XCTAssertTrue(typo.stderr.hasPrefix("error: unknown option '--jsn'; did you mean '--json'?"), typo.stderr)
    let unknown = try catalog("stat")
    XCTAssertEqual(unknown.status, 64)
    XCTAssertTrue(unknown.stderr.hasPrefix("error: unknown subcommand 'stat'; did you mean 'stats'?"), unknown.stderr)
    XCTAssertEqual(try catalog().status, 64)
    XCTAssertEqual(try catalog("check", temp.path, "--expect", "some").status, 64)
  }

  func testHelpHasTheHouseShape() throws {
    let top = try catalog("--help")
    XCTAssertEqual(top.status, 0)
    XCTAssertEqual(
      top.stdout,
      """
      OVERVIEW: Build, check, compare and summarise catalogue files.

      USAGE: catalog <subcommand> [<arguments>] [<options>]

      OPTIONS:
        --version   Show the version and the commit it was built from.
        -h, --help  Show help information.

      SUBCOMMANDS:
        validate  Run the shared validation rules on catalogue files.
        check     Check every catalogue in a folder and the rules across them.
        diff      Compare two catalogues, or two folders of catalogues, record by record.
        stats     Summarise what catalogue files hold.
        cache     List, summarise, verify, prune or remove entries of a build cache.
        build     Build several sources' catalogues in one run and summarise them.
        report    Write the HTML review page of a rebuild from its catalog build report.
        explain   Show which answers a catalogue row was built from, and what changed between two builds.
        demo      Build every catalogue from the bundled sample sites, offline, and show what happened.

        See 'catalog help <subcommand>' for detailed help.

      """)
    let diff = try catalog("help", "diff")
    XCTAssertEqual(diff.stdout, try catalog("diff", "--help").stdout)
    XCTAssertTrue(
      diff.stdout.hasPrefix(
        "OVERVIEW: Compare two catalogues, or two folders of catalogues, record by record.\n\n"
          + "USAGE: catalog diff <old> <new>"))
    XCTAssertTrue(diff.stdout.contains("\nARGUMENTS:\n  <old>  "), diff.stdout)
    XCTAssertTrue(diff.stdout.contains("\nOPTIONS:\n  --ignore <field>  "), diff.stdout)
  }
}
