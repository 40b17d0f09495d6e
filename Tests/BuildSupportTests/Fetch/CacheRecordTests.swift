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

/// A cache file is read up to the size its descriptor gives, in as many reads as it takes; one
/// whose size says nothing is read to its end, and one over the limit is not read at all.
final class CacheFileContentsTests: XCTestCase {
  func testAFileReadsWholeAndAnEmptyOneEmptyAndASizelessOneToItsEnd() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("contents-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    for size in [1, 4095, 4096, 4097, 300_000] {
      let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
      let path = dir.appendingPathComponent("f\(size)").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      XCTAssertEqual(CacheStore.contents(path), bytes, "\(size) bytes")
      XCTAssertNil(CacheStore.contents(path, atMost: size - 1), "over the limit: \(size) bytes")
    }
    let empty = dir.appendingPathComponent("empty").path
    try Data().write(to: URL(fileURLWithPath: empty))
    XCTAssertEqual(CacheStore.contents(empty), [])
    XCTAssertNil(CacheStore.contents(dir.appendingPathComponent("absent").path))
    #if os(Linux)
      // A system file gives its size as 0 and has text all the same.
      let status = try XCTUnwrap(CacheStore.contents("/proc/self/status"))
      XCTAssertTrue(String(decoding: status, as: UTF8.self).contains("Name:"))
    #endif
  }
}

/// The byte reader answers exactly what JSONSerialization does, or nothing (and JSONSerialization
/// then decides): a record edited on disk means what it meant before.
final class CacheRecordReaderTests: XCTestCase {
  let record = CacheRecord(
    key: "0003a5af", url: "https://commodore.bombjack.org/p5/s9/m10.htm", method: .get, status: 200,
    headers: ["content-length": "2692", "etag": "\"2692-c7e2\"", "content-type": "text/html"],
    fetched: "2026-12-02T03:06:01Z", bodySHA256: "2588", bodyBytes: 2692, charset: "windows-1252", keyVersion: "v1",
    removed: nil)

  private func fast(_ text: String) -> CacheRecord? {
    var r = CacheRecordReader(Array(text.utf8)[...])
    return r.record()
  }

  private func slow(_ text: String) -> CacheRecord? { CacheRecord.read(Data(text.utf8)) }

  private func same(_ a: CacheRecord?, _ b: CacheRecord?) -> Bool {
    a.map { $0.jsonLine() } == b.map { $0.jsonLine() }
  }

  func testWhatTheCacheWritesIsReadOnItsBytes() throws {
    let pretty = String(decoding: try CacheStore.encode(record, pretty: true), as: UTF8.self)
    let line = String(decoding: record.jsonLine(), as: UTF8.self)
    var head = record
    head.method = .head
    head.removed = true
    head.charset = nil
    head.headers = ["odd": "tab\there \\ slash\\/ \"quoted\" ü"]
    let headLine = String(decoding: head.jsonLine(), as: UTF8.self)
    for text in [pretty, line, headLine] {
      let f = try XCTUnwrap(fast(text), text)
      XCTAssertTrue(same(f, slow(text)), text)
    }
    XCTAssertEqual(fast(headLine)?.headers, head.headers)
    XCTAssertEqual(fast(headLine)?.removed, true)
  }

  func testAnythingElseIsLeftToJSONSerialization() throws {
    let line = String(decoding: record.jsonLine(), as: UTF8.self)
    func edited(_ from: String, _ to: String) -> String {
      XCTAssertTrue(line.contains(from), from)
      return line.replacingOccurrences(of: from, with: to)
    }
    let variants = [
      edited("\"status\":200", "\"status\":200.0"), edited("\"status\":200", "\"status\":2e2"),
      edited("\"status\":200", "\"status\":-200"), edited("\"status\":200", "\"status\":0200"),
      edited("\"status\":200", "\"status\":\"200\""), edited("\"status\":200", "\"status\":null"),
      edited("\"status\":200", "\"status\":99999999999999999999"), edited("\"key\":\"0003a5af\"", "\"key\":7"),
      edited("\"key\":\"0003a5af\"", "\"key\":null"), edited("\"charset\":\"windows-1252\"", "\"charset\":null"),
      edited("\"url\":\"https", "\"url\":\"\\u0068ttps"), edited("\"method\":\"GET\"", "\"method\":\"BREW\""),
      edited("\"method\":\"GET\"", "\"method\":\"GET\",\"method\":\"HEAD\""),
      edited("\"content-length\":\"2692\"", "\"content-length\":2692"),
      edited("\"keyVersion\"", "\"other\":1,\"keyVersion\""), edited("\"bodyBytes\":2692,", ""),
      edited("\"bodyBytes\":2692", "\"bodyBytes\":true"), edited("{\"bodyBytes\"", "[{\"bodyBytes\""),
      line + "x", line + "}", " \n" + line + " \n", String(line.dropLast()), "", "{}", "{\"removed\":1}",
      edited("\"url\":\"https", "\"url\":\"\u{1}https"),
    ]
    for text in variants {
      let f = fast(text)
      // Either the same record as JSONSerialization reads, or none and JSONSerialization decides.
      if f != nil { XCTAssertTrue(same(f, slow(text)), text) }
      XCTAssertTrue(same(CacheRecord.read(Array(text.utf8)), slow(text)), text)
    }
    // Invalid UTF-8 inside a string is not read on bytes either.
    var bytes = record.jsonLine()
    let at = try XCTUnwrap(bytes.firstIndex(of: UInt8(ascii: "p")))
    bytes[at] = 0xFF
    var r = CacheRecordReader(bytes[...])
    XCTAssertNil(r.record())
    XCTAssertTrue(same(CacheRecord.read(bytes), CacheRecord.read(Data(bytes))))
  }
}

/// Only a store asked to remember the records it served (a build writing lineage) keeps them: an
/// export or a mirror reads a whole cache once and must not hold it all.
final class CacheStoreMemoryTests: XCTestCase {
  func testOnlyAStoreThatRemembersAnswersKeepsTheRecordsItServed() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("remember-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let url = try XCTUnwrap(URL(string: "https://example.org/a.htm"))
    let key = CacheKey(method: .get, url: url)
    try CacheStore(root: dir).write(
      key,
      response: FetchResponse(
        url: url, method: .get, status: 200, headers: [:], body: Array("x".utf8), fromCache: false),
      charset: nil)
    for remembers in [false, true] {
      let store = CacheStore(root: dir, remembersAnswers: remembers)
      XCTAssertNotNil(store.read(key, url: url))
      XCTAssertEqual(store.answered.count, remembers ? 1 : 0)
      XCTAssertEqual(store.answerFacts(method: .get, url: url)?.url, key.normalisedURL, "read from disk when not kept")
    }
  }
}

/// The striped table a build keeps its served records in for the lineage.
final class AnswerTableTests: XCTestCase {
  func record(_ url: String, _ method: HTTPMethod, status: Int) -> CacheRecord {
    CacheRecord(
      key: "k", url: url, method: method, status: status, headers: [:], fetched: "2026-12-01T00:00:00Z",
      bodySHA256: "", bodyBytes: 0, charset: nil, keyVersion: CacheKey.version, removed: nil)
  }

  func testEveryRecordIsFoundByMethodAndAddressAndARemovedOneIsGone() {
    let table = AnswerTable()
    let addresses = (0..<2_000).map { "https://example.org/page-\($0).htm" }
    for (i, a) in addresses.enumerated() {
      table.keep(record(a, .get, status: 200 + i % 3), for: AnswerKey(.get, a))
      table.keep(record(a, .head, status: 404), for: AnswerKey(.head, a))
    }
    XCTAssertEqual(table.count, 4_000)
    for (i, a) in addresses.enumerated() {
      XCTAssertEqual(table.facts(for: AnswerKey(.get, a))?.status, 200 + i % 3, a)
      XCTAssertEqual(table.facts(for: AnswerKey(.head, a, addressHash: a.hashValue))?.status, 404, a)
    }
    XCTAssertNil(table.facts(for: AnswerKey(.get, "https://example.org/page-2000.htm")))
    // The same text under another hash is another key: a caller must pass the text's own hash.
    XCTAssertNotEqual(
      AnswerKey(.get, addresses[0]), AnswerKey(.get, addresses[0], addressHash: addresses[0].hashValue &+ 1))
    table.forget { $0.url == addresses[7] && $0.method == .get }
    XCTAssertNil(table.facts(for: AnswerKey(.get, addresses[7])))
    XCTAssertNotNil(table.facts(for: AnswerKey(.head, addresses[7])), "only the GET was removed")
    XCTAssertEqual(table.count, 3_999)
  }
}
