import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import BuildSupport

/// Each tool is declared once; these fail when the declaration and what is derived from it (the
/// pinned help screen, the catalogue file list `catalog` checks, `catalog build`'s runs) disagree.
final class ToolDeclarationTests: XCTestCase {
  func testEveryToolsPinnedHelpIsTheHelpItsDeclarationMakes() throws {
    for tool in BuildTools.all {
      let pinned = String(decoding: try Data(contentsOf: TestPaths.fixture("Help/\(tool.name).txt")), as: UTF8.self)
      XCTAssertEqual(Help.text(for: tool), pinned, "\(tool.name): declaration and Fixtures/Help disagree")
    }
  }

  func testEveryToolsFilesAreTheCatalogueFileListsAndItsFullRunsWriteEachOnce() {
    for tool in BuildTools.all {
      XCTAssertEqual(
        Set(tool.files), Set(CatalogueFileList.files(ofTool: tool.key).map(\.file)), "\(tool.name): files")
      XCTAssertEqual(tool.fullRuns.flatMap(\.files).sorted(), tool.files.sorted(), "\(tool.name): full runs")
    }
    XCTAssertEqual(
      Set(BuildTools.all.flatMap(\.files)), Set(CatalogueFileList.all.map(\.file)),
      "together the tools write every catalogue")
  }

  func testEveryToolDeclaresWhatOnlyTakesAndItsHelpSaysIt() {
    for tool in BuildTools.all {
      XCTAssertNotEqual(tool.onlyKeys, BuildTool(name: "t", abstract: "", source: "t", hosts: []).onlyKeys, tool.name)
      XCTAssertTrue(Help.text(for: tool).contains("Build a subset: \(tool.onlyKeys);"), tool.name)
    }
  }

  func testEveryDeclaredDefaultIsAValueItsOwnKindAccepts() {
    for tool in BuildTools.all {
      for option in tool.options + SharedOptions.all(for: tool) {
        guard let d = option.defaultValue, option.kind.rangeText != nil else { continue }
        // A default in words ("the previous count…") is allowed; a number must be in range.
        guard d.first?.isNumber == true, !d.contains(" ") else { continue }
        XCTAssertNil(option.kind.problem(with: d), "\(tool.name) \(option.name): default \(d)")
      }
    }
  }

  func testEveryToolHasOneKeyOneCacheAndDistinctOptions() {
    XCTAssertEqual(Set(BuildTools.all.map(\.key)).count, BuildTools.all.count)
    XCTAssertEqual(Set(BuildTools.all.map(\.cacheName)).count, BuildTools.all.count)
    for tool in BuildTools.all {
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
