import Foundation
import XCTest

@testable import BuildSupport

final class CacheRecordTests: XCTestCase {
  func testAHeadLogLineReadsBackExactlyWhateverItsHeadersHold() throws {
    let r = CacheRecord(
      key: "ab12", url: "https://example.org/a \"b\"/č?x=1\\2", method: .head, status: 200,
      headers: ["content-length": "17766642", "etag": "\"x\ty\"", "content-type": "text/html; charset=\u{1}odd"],
      fetched: "2026-11-30T06:00:00Z", bodySHA256: "e3b0", bodyBytes: 0, charset: nil, keyVersion: "v1",
      removed: true)
    let line = r.jsonLine()
    XCTAssertFalse(line.contains(0x0A), "one record, one line")
    let back = try XCTUnwrap(CacheRecord.read(Data(line)))
    XCTAssertEqual(back.url, r.url)
    XCTAssertEqual(back.headers, r.headers)
    XCTAssertEqual(back.key, "ab12")
    XCTAssertEqual(back.removed, true)
    XCTAssertEqual(back.status, 200)
    XCTAssertNil(back.charset)
    // Keys come out sorted, like every JSON file the project writes.
    let text = String(decoding: line, as: UTF8.self)
    XCTAssertTrue(text.hasPrefix("{\"bodyBytes\":0,\"bodySHA256\":\"e3b0\",\"fetched\":"), text)
  }
}
