import ShelfmarkSamples
import XCTest

@testable import CatalogKit

final class PopBoksCatalogueAssemblyTests: XCTestCase {
  func measured(_ folder: PopBoksTileArchiveModel.Folder) async throws -> (PopBoksIndexEntry, PopBoksGridResult) {
    let entry = PopBoksIndexEntry(
      id: folder.id, number: folder.id, title: "Džuboks \(folder.id)", label: "\(folder.id)", year: 1980,
      firstPage: folder.firstPage, pages: folder.pages, line: 1)
    let result = try await PopBoksGridSurvey.measure(PopBoksGridMeasurement(entry: entry)) { probes in
      Dictionary(
        uniqueKeysWithValues: probes.map { ($0, folder.isPresent($0) ? PopBoksProbeAnswer.present : .missing) })
    }
    return (entry, result)
  }

  func testIssuesKeepIndexOrderAndIssuesWithoutACoverAreNamed() async throws {
    let (a, ra) = try await measured(.init(id: 12, pages: 52))
    let (b, rb) = try await measured(.init(id: 13, pages: 40, hasCover: false))
    let outcome = try XCTUnwrap(
      PopBoksCatalogueAssembly.assemble(.dzuboks, entries: [b, a], results: [12: ra, 13: rb], generated: "2026-01-01"))
    XCTAssertEqual(outcome.catalogue.issues.map(\.id), [b.issue(grid: rb.grid).id, a.issue(grid: ra.grid).id])
    XCTAssertEqual(outcome.missingCovers, [13])
    XCTAssertEqual(outcome.catalogue.magazine, "dzuboks")
    let summary = PopBoksCatalogueAssembly.summary(.dzuboks, outcome.items)
    XCTAssertTrue(
      summary[0].hasSuffix(
        "2 issues, 92 pages, \(52 * ra.grid.columns * ra.grid.rows + 40 * rb.grid.columns * rb.grid.rows) tiles"),
      summary[0])
    XCTAssertEqual(summary.last, "! no cover: 13")
  }

  func testAnEntryWithoutAMeasuredGridIsNotAssembled() async throws {
    let (a, _) = try await measured(.init(id: 12, pages: 52))
    XCTAssertNil(PopBoksCatalogueAssembly.assemble(.dzuboks, entries: [a], results: [:], generated: "2026-01-01"))
  }

  func testTileCountsThatWouldOverflowDoNotTrap() async throws {
    let (a, ra) = try await measured(.init(id: 12, pages: 52))
    var huge = a
    huge.pages = Int.max
    let summary = PopBoksCatalogueAssembly.summary(.dzuboks, [PopBoksProbeReport.Item(entry: huge, result: ra)])
    XCTAssertFalse(summary.isEmpty)
  }
}
