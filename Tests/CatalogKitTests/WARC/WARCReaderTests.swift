import CatalogKit
import XCTest

final class WARCReaderTests: XCTestCase {
  private func answer(_ url: String, _ body: String, method: String = "GET", status: Int = 200) -> WARCAnswer {
    WARCAnswer(
      url: url, method: method, status: status,
      headers: [("content-type", "text/html; charset=utf-8"), ("etag", "\"1\"")], body: Array(body.utf8),
      date: "2026-12-01T10:00:00Z")
  }

  private func file(_ answers: [WARCAnswer], gzip: Bool) throws -> [UInt8] {
    let info = WARCAnswer.warcinfo(filename: "t.warc", date: "2026-12-01T10:00:00Z", software: "test")
    var out: [UInt8] = []
    for r in [info] + answers.flatMap({ $0.records(warcinfoID: info.recordID ?? "") }) {
      out += gzip ? try GzipMembers.compress(r.serialized()) : r.serialized()
    }
    return out
  }

  private func read(_ bytes: [UInt8], wants: @escaping (String) -> Bool = { _ in true }) throws -> (
    answers: [WARCAnswer], counts: WARCAnswerReader.Counts
  ) {
    try WARCAnswerReader.read(bytes, wants: wants, bodyCap: 1 << 20)
  }

  func testAnExportReadsBackAsTheSameAnswersPlainOrGzipped() throws {
    let answers = [
      answer("https://example.org/a?b=1", "<p>one</p>"), answer("https://example.org/f.zip", "", method: "HEAD"),
      answer("https://example.org/gone", "not here", status: 404),
    ]
    for gzip in [false, true] {
      let back = try read(try file(answers, gzip: gzip)).answers
      XCTAssertEqual(back.map(\.url), answers.map(\.url))
      XCTAssertEqual(back.map(\.method), ["GET", "HEAD", "GET"])
      XCTAssertEqual(back.map(\.status), [200, 200, 404])
      XCTAssertEqual(back.map(\.body), answers.map(\.body))
      XCTAssertEqual(back.map(\.date), answers.map(\.date))
      XCTAssertEqual(back[0].header("etag"), "\"1\"")
    }
  }

  func testAGzipFileNamesTheMemberWhereARecordStarts() throws {
    let one = try file([answer("https://example.org/a", "aaa")], gzip: true)
    let records = try WARCReader.records(one)
    XCTAssertEqual(records.map(\.offset).first, 0)
    XCTAssertTrue(records.map(\.offset).allSatisfy { $0 < one.count })
    XCTAssertEqual(Set(records.map(\.offset)).count, records.count, "each record its own member")
  }

  func testAFileCutShortIsAnErrorNamingTheRecordsOffset() throws {
    let whole = try file(
      [answer("https://example.org/a", "aaaa"), answer("https://example.org/b", "bbbb")], gzip: false)
    let records = try WARCReader.records(whole)
    let last = try XCTUnwrap(records.last).offset
    XCTAssertThrowsError(try WARCReader.records(Array(whole.prefix(whole.count - 10)))) { e in
      guard case WARCError.cutShort(let offset, _)? = e as? WARCError else { return XCTFail("\(e)") }
      XCTAssertEqual(offset, last)
    }
    let gz = try file([answer("https://example.org/a", "aaaa")], gzip: true)
    XCTAssertThrowsError(try WARCReader.records(Array(gz.prefix(gz.count - 5)))) { e in
      XCTAssertTrue("\(e)".contains("offset"), "\(e)")
    }
  }

  func testARecordWhoseLengthLiesIsAnError() throws {
    let whole = try file([answer("https://example.org/a", "aaaa")], gzip: false)
    var text = String(decoding: whole, as: UTF8.self)
    let records = try WARCReader.records(whole)
    let response = try XCTUnwrap(records.first { $0.type == "response" })
    text = text.replacingOccurrences(
      of: "Content-Length: \(response.block.count)\r\n", with: "Content-Length: \(response.block.count - 3)\r\n")
    XCTAssertThrowsError(try WARCReader.records(Array(text.utf8))) { e in
      XCTAssertEqual(e as? WARCError, .lengthLies(offset: response.offset, contentLength: response.block.count - 3))
    }
  }

  func testADigestThatDoesNotMatchIsAnError() throws {
    let whole = try file([answer("https://example.org/a", "right body")], gzip: false)
    let text = String(decoding: whole, as: UTF8.self).replacingOccurrences(of: "right body", with: "wrong body")
    XCTAssertThrowsError(try read(Array(text.utf8))) { e in
      guard case WARCError.digestMismatch(_, let header, _, _)? = e as? WARCError else { return XCTFail("\(e)") }
      XCTAssertEqual(header, "WARC-Block-Digest")
    }
  }

  func testChunkedAndGzippedBodiesAreDecodedAndTheirWireHeadersDropped() throws {
    let html = "<html>" + String(repeating: "issue ", count: 200) + "</html>"
    let gz = try GzipMembers.compress(Array(html.utf8))
    var chunked: [UInt8] = []
    for start in stride(from: 0, to: gz.count, by: 100) {
      let piece = gz[start..<min(start + 100, gz.count)]
      chunked += Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + [13, 10]
    }
    chunked += Array("0\r\n\r\n".utf8)
    let http = HTTPMessage(
      startLine: "HTTP/1.1 200 OK",
      fields: [("Content-Type", "text/html"), ("Transfer-Encoding", "chunked"), ("Content-Encoding", "gzip")],
      payload: chunked
    ).serialized()
    let record = WARCRecord(
      fields: [
        ("WARC-Type", "response"), ("WARC-Record-ID", "<urn:uuid:1>"), ("WARC-Target-URI", "https://example.org/"),
        ("WARC-Date", "2026-12-01T10:00:00.5Z"), ("WARC-Payload-Digest", WARCDigest.sha1(chunked).description),
      ], block: http)
    let got = try read(record.serialized()).answers
    XCTAssertEqual(got.first.map { String(decoding: $0.body, as: UTF8.self) }, html)
    XCTAssertEqual(got.first?.headers.map(\.name), ["content-type"])
    XCTAssertEqual(got.first?.date, "2026-12-01T10:00:00Z")
  }

  func testARevisitTakesTheBodyOfTheEarlierResponseWithItsDigest() throws {
    let original = answer("https://example.org/a", "same bytes")
    var bytes = try file([original], gzip: false)
    let http = HTTPMessage(startLine: "HTTP/1.1 200 OK", fields: [("Content-Type", "text/plain")], payload: [])
    let revisit = WARCRecord(
      fields: [
        ("WARC-Type", "revisit"), ("WARC-Record-ID", "<urn:uuid:2>"), ("WARC-Target-URI", "https://example.org/b"),
        ("WARC-Date", "2026-12-02T10:00:00Z"),
        ("WARC-Profile", "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"),
        ("WARC-Payload-Digest", WARCDigest.sha1(Array("same bytes".utf8)).description),
      ], block: http.serialized())
    bytes += revisit.serialized()
    let got = try read(bytes)
    XCTAssertEqual(got.counts.revisits, 1)
    XCTAssertEqual(got.answers.last?.url, "https://example.org/b")
    XCTAssertEqual(got.answers.last.map { String(decoding: $0.body, as: UTF8.self) }, "same bytes")
    XCTAssertEqual(got.answers.last?.header("content-type"), "text/plain")
  }

  func testARevisitWithNoOriginalIsAnError() throws {
    let revisit = WARCRecord(
      offset: 0,
      fields: [
        ("WARC-Type", "revisit"), ("WARC-Target-URI", "https://example.org/b"),
        ("WARC-Payload-Digest", WARCDigest.sha1(Array("x".utf8)).description),
      ], block: [])
    XCTAssertThrowsError(try read(revisit.serialized())) { e in
      XCTAssertEqual(e as? WARCError, .unresolvedRevisit(offset: 0, target: "https://example.org/b"))
    }
  }

  func testAnswersForOtherHostsAreCountedAndLeftOut() throws {
    let bytes = try file([answer("https://example.org/a", "a"), answer("https://elsewhere.net/b", "b")], gzip: true)
    let got = try read(bytes) { $0 == "example.org" }
    XCTAssertEqual(got.answers.map(\.url), ["https://example.org/a"])
    XCTAssertEqual(got.counts.otherHosts, 1)
  }
}
