import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import BuildSupport

/// Each tool is declared once; these fail when the declaration and what is derived from it (the
/// pinned help screen, the catalogue file list `catalog` checks, `catalog build`'s runs) disagree.
final class ToolDeclarationTests: XCTestCase {
  let tools = Sources.all.map(\.tool)

  func testEveryToolsPinnedHelpIsTheHelpItsDeclarationMakes() throws {
    for tool in tools {
      let pinned = String(decoding: try Data(contentsOf: TestPaths.fixture("Help/\(tool.name).txt")), as: UTF8.self)
      XCTAssertEqual(Help.text(for: tool), pinned, "\(tool.name): declaration and Fixtures/Help disagree")
    }
  }

  func testEveryToolsFullRunsWriteEachOfItsFilesOnceAndTheSourcesWriteTheEighteen() {
    for tool in tools {
      XCTAssertEqual(tool.fullRuns.flatMap(\.files).sorted(), tool.files.sorted(), "\(tool.name): full runs")
      XCTAssertTrue(tool.catalogue.files.allSatisfy { $0.tool == tool.id }, "\(tool.name): files stamped")
    }
    let files = Sources.catalogues.files.map(\.file)
    XCTAssertEqual(files.count, 18)
    XCTAssertEqual(Set(files).count, files.count, "no file is written by two sources")
    XCTAssertEqual(Set(Sources.catalogues.files.map(\.site)).count, 18, "every file has its own site id")
  }

  func testEveryToolDeclaresWhatOnlyTakesAndItsHelpSaysIt() {
    for tool in tools {
      XCTAssertNotEqual(
        tool.onlyKeys,
        BuildTool(catalogue: CatalogueSource(id: "t", displayName: "T", files: []), abstract: "", hosts: []).onlyKeys,
        tool.name)
      XCTAssertTrue(Help.text(for: tool).contains("Build a subset: \(tool.onlyKeys);"), tool.name)
    }
  }

  func testEveryDeclaredDefaultIsAValueItsOwnKindAccepts() {
    for tool in tools {
      for option in tool.options + SharedOptions.all(for: tool) {
        guard let d = option.defaultValue, option.kind.rangeText != nil else { continue }
        // A default in words ("the previous count…") is allowed; a number must be in range.
        guard d.first?.isNumber == true, !d.contains(" ") else { continue }
        XCTAssertNil(option.kind.problem(with: d), "\(tool.name) \(option.name): default \(d)")
      }
    }
  }

  func testEveryToolHasOneKeyOneCacheAndDistinctOptions() {
    XCTAssertEqual(Set(tools.map(\.id)).count, tools.count)
    XCTAssertEqual(Set(tools.map(\.cacheName)).count, tools.count)
    for tool in tools {
      let names = (tool.options + SharedOptions.all(for: tool)).map(\.name)
      XCTAssertEqual(Set(names).count, names.count, "\(tool.name): an option is declared twice")
      XCTAssertTrue(tool.name.hasSuffix("-build"))
      if let selector = tool.fileSelector {
        XCTAssertTrue(names.contains(selector), "\(tool.name): \(selector) is declared")
      }
    }
  }

  func testSpectrumsModesExcludeEachOther() {
    XCTAssertThrowsError(try BuildOptions.parse(["--plan", "--probe"], tool: SpectrumTool.tool, environment: [:])) {
      XCTAssertEqual(
        "\($0)",
        "--plan and --probe cannot be used together; choose one of --build, --plan, --probe, --validate or --expand.")
    }
  }
}
