import CatalogKit
import XCTest

@testable import CatalogCommands

/// The review page's evidence lines for one changed row: the same request answered anew names it
/// once; a field that now rests on another request (a PopBoks grid's edge tile moved) names both.
final class ReviewEvidenceTests: XCTestCase {
  func head(_ url: String, _ status: Int, _ fetched: String) -> LineageAnswer {
    LineageAnswer(kind: "column-edge", method: "HEAD", url: url, status: status, fetched: fetched, length: "64")
  }

  func testAMovedRequestNamesBothAndARevisitedOneNamesItOnce() {
    let script = LineageAnswer(
      kind: "script", method: "GET", url: "https://h/s.js", status: 200, fetched: "2026-11-24T00:00:00Z",
      sha256: "aaaaaaaaaaaaaaaa")
    var newScript = script
    newScript.fetched = "2026-12-01T00:00:00Z"
    newScript.sha256 = "bbbbbbbbbbbbbbbb"
    let fields: FieldOrigins = ["title": .answer(0), "columns": .answers([1, 2])]
    let old = LineageFile(
      answers: [
        script, head("https://h/1/2_4_0.jpg", 200, "2026-11-24T00:00:00Z"),
        head("https://h/1/2_5_0.jpg", 403, "2026-11-24T00:00:00Z"),
      ],
      rows: [LineageRow(file: "p.json", id: "1", fields: fields)])
    let new = LineageFile(
      answers: [
        newScript, head("https://h/1/2_3_0.jpg", 200, "2026-12-01T00:00:00Z"),
        head("https://h/1/2_4_0.jpg", 403, "2026-12-01T00:00:00Z"),
      ],
      rows: [LineageRow(file: "p.json", id: "1", fields: fields)])
    var evidence = ReviewEvidence()
    evidence.pairs["p.json"] = .init(old: old, new: new, oldPath: "r/p.previous.jsonl.xz", newPath: "r/p.jsonl.xz")
    let (lines, parserChange) = evidence.lines(file: "p.json", id: "1")
    XCTAssertFalse(parserChange)
    XCTAssertEqual(
      lines,
      [
        "columns from column-edge: HEAD https://h/1/2_4_0.jpg fetched 2026-11-24T00:00:00Z (200, length 64) → "
          + "HEAD https://h/1/2_3_0.jpg fetched 2026-12-01T00:00:00Z (200, length 64)",
        "columns from column-edge: HEAD https://h/1/2_5_0.jpg fetched 2026-11-24T00:00:00Z (403, length 64) → "
          + "HEAD https://h/1/2_4_0.jpg fetched 2026-12-01T00:00:00Z (403, length 64)",
        "title from script GET https://h/s.js: fetched 2026-11-24T00:00:00Z (200, sha256 aaaaaaaaaaaaaaaa) → "
          + "fetched 2026-12-01T00:00:00Z (200, sha256 bbbbbbbbbbbbbbbb)",
        "catalog explain catalogs-new/p.json 1 --lineage r/p.previous.jsonl.xz --lineage r/p.jsonl.xz",
      ])
  }
}
