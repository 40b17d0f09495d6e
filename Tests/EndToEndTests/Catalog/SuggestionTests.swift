import Foundation
import ShelfmarkTestSupport
import XCTest

/// A shortened or mistyped name gets a suggestion from every tool, not only a list to read.
final class SuggestionTests: XCTestCase {
  func testAShortenedSourceNameSuggestsTheSource() throws {
    let r = try Tool.run("catalog", ["build", "retro"])
    XCTAssertEqual(r.status, 64)
    XCTAssertTrue(r.stderr.hasPrefix("error: unknown source 'retro'. Did you mean 'retrospec'?"), r.stderr)
  }

  func testAShortenedOptionSuggestsTheOption() throws {
    let r = try Tool.run("catalog", ["build", "--cache", "x"])
    XCTAssertEqual(r.status, 64)
    XCTAssertTrue(r.stderr.hasPrefix("error: unknown option '--cache'; did you mean '--cache-root'?"), r.stderr)
    let tool = try Tool.run("retrospec-build", ["--cache-root", "x"])
    XCTAssertEqual(tool.status, 64)
    XCTAssertTrue(tool.stderr.contains("Did you mean '--cache'?"), tool.stderr)
  }
}
