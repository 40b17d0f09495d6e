import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// The inputs that once crashed `FuzzHeaders` (`Fixtures/Fuzz/FuzzHeaders/`), fed as the target feeds
/// them: Retry-After, Content-Length, Content-Type, status and Location, split at NUL bytes. A
/// regression kills the test process with a signal.
final class FuzzHeadersRegressionTests: XCTestCase {
  func testEveryHeaderInputThatOnceCrashedIsReadCleanly() throws {
    let url = try XCTUnwrap(URL(string: "https://example.org/file.pdf"))
    let folder = TestPaths.fixture("Fuzz/FuzzHeaders")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
    XCTAssertFalse(names.isEmpty)
    for name in names.sorted() {
      let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
      var parts = bytes.split(separator: 0, maxSplits: 4, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
      while parts.count < 5 { parts.append("") }
      let wait = RetryAfter.seconds(parts[0], now: Date(timeIntervalSince1970: 1_764_547_200))
      _ = RetryAfter.phrase(wait)
      _ = FetchResponse.readSize(parts[1])
      let response = FetchResponse(
        url: url, method: .head, status: Int(parts[3]) ?? 200,
        headers: ["content-length": parts[1], "content-type": parts[2]], body: [], fromCache: false)
      _ = SizeProbe(answer: response.status, contentLength: response.contentLength)
      if let location = URL(string: parts[4], relativeTo: url) { _ = CacheKey.normalise(location.absoluteURL) }
    }
  }

  /// Foundation's DateFormatter trapped on this date with multi-byte characters in it; a Retry-After
  /// that is not printable ASCII is no wait at all.
  func testARetryAfterDateWithNonASCIIBytesIsNoWait() {
    let value = String(
      decoding: Array("Wed, ".utf8) + [0xDF, 0xB0, 0xDF, 0xCD, 0xCE, 0x9C, 0x8B, 0xCD] + Array("026 07:28:00 GMT".utf8),
      as: UTF8.self)
    XCTAssertNil(RetryAfter.seconds(value))
    XCTAssertNil(RetryAfter.seconds("Wed, 21 Oct 2026 07:28:00 GMT\u{1}"))
    XCTAssertNotNil(
      RetryAfter.seconds("Wed, 21 Oct 2026 07:28:00 GMT", now: Date(timeIntervalSince1970: 1_764_547_200)))
  }

  /// The first crash the target found: 1e23 seconds overflowed the wait's phrase (issue 11, item 1).
  func testARetryAfterOf1e23SecondsIsClampedAndPhrased() throws {
    let wait = try XCTUnwrap(RetryAfter.seconds("100000000000000000000000"))
    XCTAssertEqual(wait, RetryAfter.longest)
    XCTAssertEqual(RetryAfter.phrase(wait), "more than 10 years")
  }
}
