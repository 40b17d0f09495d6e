import Foundation
import SiteMirrorKit
import XCTest

@testable import BuildSupport

/// The loopback mirror's own behaviour: conditional requests and the faults other tests rely on.
final class SiteMirrorTests: XCTestCase {
  var dir: URL!
  var server: SiteMirror!

  override func setUpWithError() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-\(UUID().uuidString.prefix(8))")
    let site = dir.appendingPathComponent("site/example.org")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    try Data("<html>listing</html>".utf8).write(to: site.appendingPathComponent("list.html"))
    server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 60)
    try server.start()
  }

  override func tearDownWithError() throws {
    server.stop()
    try? FileManager.default.removeItem(at: dir)
  }

  func send(_ path: String, method: HTTPMethod = .get, _ headers: [String: String] = [:]) async throws
    -> TransportResponse
  {
    let url = try XCTUnwrap(URL(string: server.baseURL + path))
    return try await CurlTransport.shared.send(
      TransportRequest(url: url, method: method, headers: headers, timeout: 5))
  }

  func testAFileCarriesAnETagAndLastModifiedAndEitherGetsA304() async throws {
    let first = try await send("/example.org/list.html")
    XCTAssertEqual(first.status, 200)
    let etag = try XCTUnwrap(first.headers["etag"])
    let modified = try XCTUnwrap(first.headers["last-modified"])
    XCTAssertTrue(modified.hasSuffix(" GMT"), modified)

    let byTag = try await send("/example.org/list.html", ["If-None-Match": etag])
    XCTAssertEqual(byTag.status, 304)
    XCTAssertEqual(byTag.body, [])
    XCTAssertEqual(byTag.headers["etag"], etag)
    let weak = try await send("/example.org/list.html", ["If-None-Match": "\"other\", W/\(etag)"])
    XCTAssertEqual(weak.status, 304, "a weak tag in a list matches under the weak comparison")

    let byDate = try await send("/example.org/list.html", ["If-Modified-Since": modified])
    XCTAssertEqual(byDate.status, 304)
    let old = try await send("/example.org/list.html", ["If-Modified-Since": "Sun, 06 Nov 1994 08:49:37 GMT"])
    XCTAssertEqual(old.status, 200)
    XCTAssertEqual(String(decoding: old.body, as: UTF8.self), "<html>listing</html>")
    let garbage = try await send("/example.org/list.html", ["If-Modified-Since": "yesterday"])
    XCTAssertEqual(garbage.status, 200, "an unparsable date is ignored")

    // If-None-Match wins: a stale tag gets the content even with a current date.
    let changed = try await send(
      "/example.org/list.html", ["If-None-Match": "\"stale\"", "If-Modified-Since": modified])
    XCTAssertEqual(changed.status, 200)
    XCTAssertEqual(server.requests.map(\.status), [200, 304, 304, 304, 200, 200, 200])
  }

  func testAFileThatChangesLosesItsValidators() async throws {
    let first = try await send("/example.org/list.html")
    let etag = try XCTUnwrap(first.headers["etag"])
    try Data("<html>listing, longer now</html>".utf8).write(
      to: dir.appendingPathComponent("site/example.org/list.html"))
    let again = try await send("/example.org/list.html", ["If-None-Match": etag])
    XCTAssertEqual(again.status, 200)
    XCTAssertNotEqual(again.headers["etag"], etag)
  }

  func testARawHeaderIsSentAsGiven() async throws {
    server.inject(.header("Retry-After", "100000000000000000000000"), matching: "example.org/list.html")
    server.inject(
      .rawHeaders(["Content-Length: 9223372036854775807", "X-Odd: \u{7f}"]), matching: "example.org/big.zip")
    let r = try await send("/example.org/list.html")
    XCTAssertEqual(r.headers["retry-after"], "100000000000000000000000")
    let head = try await send("/example.org/big.zip", method: .head)
    XCTAssertEqual(head.headers["content-length"], "9223372036854775807")
  }

  func testADeadPortRefusesConnections() async throws {
    let dead = try SiteMirror.deadBaseURL()
    let url = try XCTUnwrap(URL(string: dead + "/example.org/list.html"))
    do {
      _ = try await CurlTransport.shared.send(TransportRequest(url: url, method: .get, headers: [:], timeout: 5))
      XCTFail("a dead port answered")
    } catch let e as TransportError {
      XCTAssertTrue(e.message.lowercased().contains("connect"), e.message)
    }
  }
}
