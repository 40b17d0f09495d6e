import BuildSupport
import Foundation
import ShelfmarkTestSupport
import XCTest

/// schemas/ and `catalog validate` agree on the rules they share: a crafted file the schema refuses,
/// validate refuses with an ERROR, and one validate passes (warnings allowed) the schema accepts. The
/// schema side is check-jsonschema (PyPI), which .ci/run installs in $SHELFMARK_VENV; without it the
/// test skips, saying why.
final class SchemaAgreementTests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws { dir = try Tool.temporaryDirectory("schema-agreement") }
  override func tearDownWithError() throws { if let dir { try? FileManager.default.removeItem(at: dir) } }

  private typealias Object = [String: Any]

  /// One crafted file: its shape's sample with one change, and whether both sides should accept it.
  private struct Case {
    var name: String
    var accepted: Bool
    var shape: Shape
    var change: (inout Object) -> Void
  }

  private enum Shape { case issue, popboks, stripovi }

  private func sample(_ shape: Shape) -> Object {
    switch shape {
    case .issue:
      return [
        "version": 1, "generated": "2026-12-01", "base": "https://retrospec.elite.org/pcsux/",
        "series": [["key": "SK", "name": "Svet kompjutera", "code": "SK", "language": "serbian"]],
        "issues": [
          [
            "id": "SK_87_01", "series": "SK", "number": 1, "title": "SK 1", "year": 1987, "month": 1,
            "zip": "SK/ZIP/SK_87_01.zip", "cover": "SK/cover/1.jpg", "bytes": 1000, "pages": 84,
          ],
          ["id": "SK_87_02", "series": "SK", "number": 2, "title": "SK 2", "year": 1987, "zip": "SK/ZIP/SK_87_02.zip"],
        ],
      ]
    case .popboks:
      return [
        "version": 1, "generated": "2026-12-01", "base": "https://www.popboks.com/", "magazine": "ritam",
        "issues": [
          [
            "id": 12, "number": 1, "title": "Ritam 1", "label": "1", "year": 1989, "month": 3, "firstPage": 1,
            "pages": 60, "columns": 4, "rows": 6,
          ]
        ],
      ]
    case .stripovi:
      return [
        "version": 1, "generated": "2026-12-01", "base": "https://www.stripovi.com/",
        "comics": [
          [
            "id": 6, "title": "Priča", "number": 1, "pages": 12, "cover": "images/TN_prica.jpg",
            "creators": "A. Autor (scenarij)", "date": "13.4.2010.", "dir": "webcomics/Prica", "prefix": "prica",
            "width": 2, "ext": ".jpg",
          ]
        ],
      ]
    }
  }

  private static func issue(_ c: inout Object, _ key: String, _ value: Any?) {
    guard var issues = c["issues"] as? [Object] else { return XCTFail("the sample has no issues") }
    issues[0][key] = value
    c["issues"] = issues
  }

  private static func comic(_ c: inout Object, _ key: String, _ value: Any?) {
    guard var comics = c["comics"] as? [Object] else { return XCTFail("the sample has no comics") }
    comics[0][key] = value
    c["comics"] = comics
  }

  private var cases: [Case] {
    [
      Case(name: "issue-sample", accepted: true, shape: .issue) { _ in },
      // The shipped BombJack row: validate warns (issues/positive-pages), so the schema accepts it.
      Case(name: "issue-pages-zero", accepted: true, shape: .issue) { Self.issue(&$0, "pages", 0) },
      Case(name: "issue-pages-negative", accepted: false, shape: .issue) { Self.issue(&$0, "pages", -3) },
      Case(name: "issue-bytes-zero", accepted: false, shape: .issue) { Self.issue(&$0, "bytes", 0) },
      Case(name: "issue-month-13", accepted: false, shape: .issue) { Self.issue(&$0, "month", 13) },
      Case(name: "issue-number-zero", accepted: false, shape: .issue) { Self.issue(&$0, "number", 0) },
      Case(name: "issue-blank-title", accepted: false, shape: .issue) { Self.issue(&$0, "title", "  ") },
      Case(name: "issue-dead-false", accepted: false, shape: .issue) { Self.issue(&$0, "dead", false) },
      Case(name: "issue-dead-with-bytes", accepted: false, shape: .issue) { Self.issue(&$0, "dead", true) },
      Case(name: "issue-null-cover", accepted: true, shape: .issue) { Self.issue(&$0, "cover", NSNull()) },
      Case(name: "issue-absolute-zip", accepted: false, shape: .issue) {
        Self.issue(&$0, "zip", "https://retrospec.elite.org/pcsux/SK/ZIP/SK_87_01.zip")
      },
      Case(name: "issue-no-zip", accepted: false, shape: .issue) { Self.issue(&$0, "zip", nil) },
      Case(name: "issue-month-without-year", accepted: true, shape: .issue) { Self.issue(&$0, "year", nil) },
      Case(name: "issue-february-30", accepted: false, shape: .issue) { $0["generated"] = "2026-02-30" },
      Case(name: "issue-version-0", accepted: false, shape: .issue) { $0["version"] = 0 },
      Case(name: "issue-base-without-slash", accepted: false, shape: .issue) {
        $0["base"] = "https://retrospec.elite.org/pcsux"
      },
      Case(name: "issue-no-issues", accepted: false, shape: .issue) { $0["issues"] = [Object]() },
      Case(name: "issue-empty-series-name", accepted: false, shape: .issue) {
        $0["series"] = [["key": "SK", "name": "", "code": "SK"]]
      },
      Case(name: "popboks-sample", accepted: true, shape: .popboks) { _ in },
      Case(name: "popboks-no-columns", accepted: false, shape: .popboks) { Self.issue(&$0, "columns", 0) },
      Case(name: "popboks-first-page-zero", accepted: false, shape: .popboks) { Self.issue(&$0, "firstPage", 0) },
      Case(name: "popboks-other-magazine", accepted: false, shape: .popboks) { $0["magazine"] = "dzuboks2" },
      Case(name: "stripovi-sample", accepted: true, shape: .stripovi) { _ in },
      // comics/date-format is a WARN: the schema asks only for a date that is not blank.
      Case(name: "stripovi-odd-date", accepted: true, shape: .stripovi) { Self.comic(&$0, "date", "April 2010") },
      Case(name: "stripovi-null-series", accepted: true, shape: .stripovi) { Self.comic(&$0, "series", NSNull()) },
      Case(name: "stripovi-standalone-number-2", accepted: false, shape: .stripovi) { Self.comic(&$0, "number", 2) },
      Case(name: "stripovi-no-pages", accepted: false, shape: .stripovi) { Self.comic(&$0, "pages", 0) },
      Case(name: "stripovi-absolute-cover", accepted: false, shape: .stripovi) {
        Self.comic(&$0, "cover", "https://www.stripovi.com/images/TN_prica.jpg")
      },
    ]
  }

  func testTheSchemasAndValidateAcceptAndRefuseTheSameCraftedFiles() throws {
    let checker = try Self.checkJSONSchema()
    var files: [String: Case] = [:]
    for c in cases {
      var object = sample(c.shape)
      c.change(&object)
      let url = dir.appendingPathComponent(c.name + ".json")
      try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: url)
      files[url.path] = c
    }
    let paths = files.keys.sorted()

    let validate = try Tool.run("catalog", ["validate", "--json"] + paths)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(validate.stdout.utf8)) as? Object, validate.stdout + validate.stderr)
    var validateAccepts: [String: Bool] = [:]
    for entry in try XCTUnwrap(report["files"] as? [Object]) {
      let file = try XCTUnwrap(entry["file"] as? String)
      let findings = entry["findings"] as? [Object] ?? []
      validateAccepts[file] = entry["error"] == nil && !findings.contains { $0["severity"] as? String == "ERROR" }
    }

    let schema = TestPaths.packageRoot.appendingPathComponent("schemas/catalogue.schema.json").path
    let checked = try ChildProcess.run(
      URL(fileURLWithPath: checker), ["-o", "json", "--schemafile", schema] + paths)
    let verdict = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(checked.stdoutText.utf8)) as? Object,
      checked.stdoutText + checked.stderrText)
    let refused = Set(((verdict["errors"] as? [Object]) ?? []).compactMap { $0["filename"] as? String })

    for path in paths {
      guard let c = files[path] else { continue }
      XCTAssertEqual(validateAccepts[path], c.accepted, "\(c.name): catalog validate")
      XCTAssertEqual(!refused.contains(path), c.accepted, "\(c.name): the schema")
    }
    XCTAssertEqual(validate.status, 65, "some crafted files break ERROR rules")
  }

  /// check-jsonschema in $SHELFMARK_VENV (default /tmp/shelfmark-venv), else a skip saying so.
  static func checkJSONSchema() throws -> String {
    let venv =
      ProcessInfo.processInfo.environment["SHELFMARK_VENV"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp/shelfmark-venv"
    let path = venv + "/bin/check-jsonschema"
    guard FileManager.default.isExecutableFile(atPath: path) else {
      let reason =
        "check-jsonschema is not installed at \(path) (.ci/run installs it: "
        + "`python3 -m venv \(venv) && \(venv)/bin/pip install check-jsonschema`)"
      print("skipped: \(reason)")
      throw XCTSkip(reason)
    }
    return path
  }
}
