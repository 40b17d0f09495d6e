import ShelfmarkSamples
import XCTest

@testable import CatalogKit

final class ProbeReportTests: XCTestCase {
  func measured(_ folder: TileArchiveModel.Folder) async throws -> ProbeReport.Item {
    let entry = IndexEntry(
      id: folder.id, number: folder.id, title: "Džuboks \(folder.id)", label: "\(folder.id)", year: 1980,
      firstPage: folder.firstPage, pages: folder.pages, line: 1)
    let result = try await GridSurvey.measure(GridMeasurement(entry: entry)) { probes in
      Dictionary(uniqueKeysWithValues: probes.map { ($0, folder.isPresent($0) ? ProbeAnswer.present : .missing) })
    }
    return ProbeReport.Item(entry: entry, result: result)
  }

  func testTheReportDrawsPresentMissingAndUnaskedTilesAndNamesHoles() async throws {
    let hole = try await measured(.init(id: 12, pages: 52, holes: [.tile(page: 1, column: 2, row: 0)]))
    let plain = try await measured(.init(id: 13, pages: 52, hasCover: false))
    let html = ProbeReport.html(magazine: .dzuboks, items: [hole, plain])
    XCTAssertTrue(html.contains("<td class=\"m in\" title=\"2_2_0\">"), "the hole is drawn missing, inside the grid")
    XCTAssertTrue(html.contains("<td class=\"p in\" title=\"2_0_0\">"))
    XCTAssertTrue(html.contains("<td class=\"u in\" title=\"2_3_3\">"), "tiles never asked are drawn as such")
    XCTAssertTrue(html.contains("<td class=\"m\" title=\"2_5_0\">"), "the edge seen missing is outside the grid")
    XCTAssertTrue(html.contains("Holes inside a measured grid: Džuboks 12."))
    XCTAssertTrue(html.contains("No cover: 13."))
    XCTAssertTrue(html.contains("2 issues, "))
    if let dir = ProcessInfo.processInfo.environment["PROBE_REPORT_SAMPLE"] {
      try html.write(toFile: dir, atomically: true, encoding: .utf8)
    }
  }
}
