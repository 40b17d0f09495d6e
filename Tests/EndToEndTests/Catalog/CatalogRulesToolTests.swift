import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `catalog validate`, `check` and `stats` on the hardening cases of issues 11, 13 and 14: paths that
/// climb out, duplicate keys, implausible numbers, the row budget, `--strict` and complete JSON.
final class CatalogRulesToolTests: XCTestCase {
  private var temp: URL!

  override func setUpWithError() throws {
    temp = try Tool.temporaryDirectory("catalog-rules")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: temp)
  }

  private func catalog(_ args: String...) throws -> Tool.Result { try Tool.run("catalog", args) }

  private func reference(_ name: String) throws -> URL { try TestPaths.shared("reference-catalogs/" + name) }

  private func write(_ text: String, _ name: String) throws -> String {
    let url = temp.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  private func write<C: Catalogue>(_ c: C, _ name: String) throws -> String {
    try write(String(decoding: try CatalogueEncoder.encode(c), as: UTF8.self), name)
  }

  private func issues(_ name: String) throws -> IssueCatalogue {
    try CatalogueFile.decode(IssueCatalogue.self, from: [UInt8](try Data(contentsOf: try reference(name))), file: name)
  }

  func testValidateRefusesAZipThatClimbsOutNamingTheRuleAndTheRecord() throws {
    var c = try issues("archive-catalog.json")
    c.issues[2].zip = "../../../../etc/passwd"
    let r = try catalog("validate", try write(c, "archive-catalog.json"))
    XCTAssertEqual(r.status, 65, r.stdout + r.stderr)
    XCTAssertTrue(
      r.stdout.contains("ERROR paths/safe: 1 record has a path that could leave the download folder"), r.stdout)
    XCTAssertTrue(r.stdout.contains("records: \(c.issues[2].id)"), r.stdout)
  }

  func testValidateRefusesEveryClimbingPathFromTheHardeningReport() throws {
    let base = try issues("vintageapple-books.json")
    for (n, path) in [
      "byte/pdf/%2e%2e/%2e%2e/etc/passwd.pdf", "byte/pdf/..\\..\\boot.pdf", "byte/pdf/a%00b.pdf",
      "mags/pdf/..%2f..%2fetc%2fpasswd.pdf",
    ].enumerated() {
      var c = base
      c.issues[n].zip = path
      let r = try catalog("validate", "--json", try write(c, "vintageapple-books.json"))
      XCTAssertEqual(r.status, 65, path)
      let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
      let findings = ((doc?["files"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]]) ?? []
      let safe = findings.first { $0["rule"] as? String == "paths/safe" }
      XCTAssertEqual(safe?["records"] as? [String], [c.issues[n].id], path)
    }
  }

  func testValidateRefusesADuplicateIssuesKeyNamingTheKeyAndLine() throws {
    var text = String(decoding: try Data(contentsOf: try reference("archive-catalog.json")), as: UTF8.self)
    guard let close = text.lastIndex(of: "}") else { return XCTFail("no closing brace") }
    text.replaceSubrange(close...close, with: ",\n  \"issues\": []\n}")
    let line = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    let path = try write(text, "archive-catalog.json")
    let r = try catalog("validate", path)
    XCTAssertEqual(r.status, 65, r.stdout)
    XCTAssertTrue(r.stderr.contains("\(path): line \(line), column 3: duplicate key 'issues'"), r.stderr)
    XCTAssertFalse(r.stdout.contains("4 records ok"), r.stdout)
  }

  func testValidateNamesTheFieldOfASizeBeyondInt64() throws {
    var c = try issues("archive-catalog.json")
    c.issues[1].bytes = 1_234_567
    let text = String(decoding: try CatalogueEncoder.encode(c), as: UTF8.self)
      .replacingOccurrences(of: "1234567", with: "99999999999999999999")
    let r = try catalog("validate", try write(text, "archive-catalog.json"))
    XCTAssertEqual(r.status, 65)
    XCTAssertTrue(r.stderr.contains("issues[1].bytes: 99999999999999999999 is out of range"), r.stderr)
  }

  func testValidateRefusesRitamNumberedInt64Max() throws {
    guard
      case .popboks(var c) = try CatalogueFile.decode(
        [UInt8](try Data(contentsOf: try reference("popboks-ritam.json"))), file: "popboks-ritam.json")
    else { return XCTFail("not PopBoks") }
    c.issues[3].title = "Ritam 9223372036854775807"
    c.issues[3].label = "9223372036854775807"
    let r = try catalog("validate", try write(c, "popboks-ritam.json"))
    XCTAssertEqual(r.status, 65, r.stdout)
    XCTAssertTrue(r.stdout.contains("ERROR plausible/number"), r.stdout)
  }

  func testCheckStrictFailsOnWarningsAndJSONListsEveryRecord() throws {
    let folder = try reference("").path
    let plain = try catalog("check", folder, "--json")
    XCTAssertEqual(plain.status, 0, plain.stderr)
    let doc = try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any]
    let files = (doc?["files"] as? [[String: Any]]) ?? []
    let magazines = files.first { $0["file"] as? String == "vintageapple-magazines.json" }
    let month = (magazines?["findings"] as? [[String: Any]])?.first {
      $0["rule"] as? String == "issues/month-without-year"
    }
    XCTAssertEqual((month?["records"] as? [String])?.count, month?["count"] as? Int)
    XCTAssertGreaterThan((month?["records"] as? [String])?.count ?? 0, Finding.recordsShown)
    XCTAssertEqual((doc?["seeding"] as? [String: Any])?["rows"] as? Int, 27_101)

    let strict = try catalog("check", folder, "--strict")
    XCTAssertEqual(strict.status, 65, strict.stdout)
    XCTAssertTrue(strict.stdout.contains("--strict: "), strict.stdout)
  }

  func testCheckPrintsEachFilesSeedingTimeAndTheFolderTotal() throws {
    let r = try catalog("check", try reference("").path)
    XCTAssertEqual(r.status, 0, r.stderr)
    let lines = r.stdout.split(separator: "\n").map(String.init)
    let row = lines.first { $0.hasPrefix("bombjack-other.json ") }
    XCTAssertEqual(row?.split(separator: " ").suffix(3), ["0.4", "s", "ok"], r.stdout)
    let total = lines.first { $0.hasPrefix("total (18 files)") }
    XCTAssertEqual(total?.split(separator: " ").suffix(3), ["27101", "3.0", "s"], r.stdout)
    XCTAssertTrue(r.stdout.contains("the app seeds about 9000 rows a second"), r.stdout)
  }

  func testCheckWarnsAboveNineThousandRowsNamingTheLargestSeries() throws {
    var c = try issues("bombjack-games.json")
    let extra = c.issues.map { i -> Issue in
      var i = i
      i.id += "-copy"
      i.zip += "?copy"
      i.number += 10_000
      return i
    }
    c.issues +=
      extra
      + extra.map { i in
        var i = i
        i.id += "2"
        i.zip += "2"
        i.number += 10_000
        return i
      }
      + extra.prefix(1000).map { i in
        var i = i
        i.id += "3"
        i.zip += "3"
        i.number += 20_000
        return i
      }
    XCTAssertGreaterThan(c.issues.count, 9_000)
    let r = try catalog("validate", try write(c, "bombjack-games.json"))
    XCTAssertTrue(r.stdout.contains("WARN  budget/rows: \(c.issues.count) rows take about"), r.stdout)
    XCTAssertTrue(r.stdout.contains("split the file (the largest series, commodore-games-games"), r.stdout)
  }

  func testStatsJSONCarriesEveryFileAndTheTotal() throws {
    let r = try catalog("stats", "--json", try reference("").path)
    XCTAssertEqual(r.status, 0, r.stderr)
    let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
    XCTAssertEqual((doc?["files"] as? [Any])?.count, 18)
    let total = doc?["total"] as? [String: Any]
    XCTAssertEqual(total?["records"] as? Int, 27_101)
    XCTAssertEqual(total?["files"] as? Int, 18)
    XCTAssertEqual(doc?["rowsPerSecond"] as? Int, 9_000)
  }

  func testStatsSaysOverflowInsteadOfCrashingOnHugeSizes() throws {
    var c = try issues("archive-catalog.json")
    c.issues[0].bytes = Int64.max
    c.issues[1].bytes = Int64.max
    let r = try catalog("stats", try write(c, "archive-catalog.json"))
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stdout.contains("overflow"), r.stdout)
  }
}
