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

  func testAWordFarFromEveryOptionGetsNoSuggestion() throws {
    for (tool, args) in [
      ("retrospec-build", ["--bogus"]), ("catalog", ["build", "--bogus"]), ("catalog", ["diff", "--bogus"]),
    ] {
      let r = try Tool.run(tool, args)
      XCTAssertEqual(r.status, 64, r.stderr)
      XCTAssertTrue(r.stderr.lowercased().contains("unknown option '--bogus'."), r.stderr)
      XCTAssertFalse(r.stderr.lowercased().contains("did you mean"), "\(tool): \(r.stderr)")
    }
    let swapped = try Tool.run("retrospec-build", ["--jbos", "2"])
    XCTAssertTrue(swapped.stderr.contains("Did you mean '--jobs'?"), swapped.stderr)
  }
}
