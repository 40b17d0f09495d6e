import BuildSupport
import XCTest

/// The progress lines a build writes for `catalog build` under SHELFMARK_PROGRESS=lines.
final class ProgressLineTests: XCTestCase {
  func testALineReadsBackAsWritten() {
    let line = ProgressLine(phase: "grids \"ritam\"", done: 3, total: 12, requests: 40, cached: 7)
    XCTAssertTrue(line.encoded.hasPrefix("@shelfmark-progress {"))
    XCTAssertEqual(ProgressLine.parse(line.encoded[...]), line)
  }

  func testHostileLinesAreNotProgress() {
    XCTAssertNil(ProgressLine.parse("warning: @shelfmark-progress {}"))
    XCTAssertNil(ProgressLine.parse("@shelfmark-progress {not json"))
    XCTAssertNil(ProgressLine.parse("@shelfmark-progress [1,2]"))
    let odd = ProgressLine.parse(#"@shelfmark-progress {"done":-3,"total":1e300,"requests":2.5,"phase":7}"#)
    XCTAssertEqual(odd, ProgressLine(), "negative, huge, fractional and mistyped values are dropped")
  }
}
