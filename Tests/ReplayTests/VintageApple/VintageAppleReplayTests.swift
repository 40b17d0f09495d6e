import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// vintageapple-build over the four real section pages in the corpus (byte, macworld, softalk on
/// the magazines shelf, macbooks on the books shelf), built with `--only` those sections.
final class VintageAppleReplayTests: XCTestCase {
  func testVintageAppleReplayMatchesTheReferenceWhereTheCorpusCovers() throws {
    let files = ["vintageapple-magazines.json", "vintageapple-books.json"]
    let references = try files.map { try ReplayReference.issues($0) }
    let site = try ReplaySite("vintageapple")
    defer { site.remove() }
    let sections = ["byte", "macworld", "softalk", "macbooks"]
    for slug in sections {
      try site.put(corpus: "vintageapple/\(slug).html", at: "vintageapple.org/\(slug)/index.html")
    }
    let server = try site.serve { server in references.forEach(server.serveSizes(of:)) }
    defer { server.stop() }

    let r = try site.build(
      "vintageapple-build", server: server, date: references[0].generated, ["--only", sections.joined(separator: ",")])
    XCTAssertEqual(r.status, 0, r.stderr)
    for (file, reference) in zip(files, references) {
      let comparison = ReplayComparison(
        source: "vintageapple \(file.dropFirst("vintageapple-".count).dropLast(".json".count))", referenceFile: file,
        built: try site.built(file), reference: .issue(reference), covers: ReplayRecord.inSeries(Set(sections)),
        explanations: [],
        notes: [
          "the corpus holds 4 of the 16 section pages; the build runs with --only those sections, the other series are not compared",
          "sizes: HEAD answers are the reference's own `bytes` (404 for its dead rows), so `bytes` and `dead` are not an independent check",
        ])
      comparison.print()
      comparison.assertEveryDifferenceIsExplained()
    }
  }
}
