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

  func testTheRequestComesFirstAndTheResponsePointsBackToIt() throws {
    let records = answer("https://example.org/a", "a").records(warcinfoID: "<urn:uuid:0>")
    XCTAssertEqual(records.map(\.type), ["request", "response"])
    XCTAssertEqual(records[1].concurrentTo, [records[0].recordID].compactMap { $0 })
    XCTAssertEqual(records[0].concurrentTo, [], "a pointer forward is one a front-to-back verifier has not seen")
  }

  func testAnExportLabelledWARC10SaysSoInEveryRecordAndReadsBack() throws {
    let info = WARCAnswer.warcinfo(filename: "t.warc", date: "2026-12-01T10:00:00Z", software: "t", version: .v10)
    let a = answer("https://example.org/a", "a")
    let records = [info] + a.records(warcinfoID: info.recordID ?? "", version: .v10)
    XCTAssertEqual(Set(records.map(\.version)), ["WARC/1.0"])
    XCTAssertTrue(String(decoding: info.block, as: UTF8.self).contains("format: WARC File Format 1.0"))
    let back = try read(records.flatMap { $0.serialized() }).answers
    XCTAssertEqual(back.map(\.body), [a.body])
  }

  func testAResponseWrittenBeforeItsRequestTakesTheRequestsMethod() throws {
    // warcprox and Heritrix write the response first, then the request (then metadata).
    let head = answer("https://example.org/f.zip", "", method: "HEAD").records(warcinfoID: "<urn:uuid:0>")
    let get = answer("https://example.org/p", "page").records(warcinfoID: "<urn:uuid:0>")
    var request = head[0]
    request.fields.append(("WARC-Concurrent-To", head[1].recordID ?? ""))
    var response = head[1]
    response.fields.removeAll { $0.name == "WARC-Concurrent-To" }
    let metadata = WARCRecord(
      fields: [("WARC-Type", "metadata"), ("WARC-Record-ID", "<urn:uuid:m>")], block: Array("x: y\r\n".utf8))
    let bytes = [response, request, metadata, get[0], get[1]].flatMap { $0.serialized() }
    let got = try read(bytes)
    XCTAssertEqual(got.answers.map(\.method), ["HEAD", "GET"])
    XCTAssertEqual(got.counts.requests, 2)
    XCTAssertEqual(got.counts.skipped, ["metadata": 1])
  }

  func testAURLAnsweredTwiceGivesBothAnswersInFileOrder() throws {
    let bytes = try file(
      [answer("https://example.org/a", "first"), answer("https://example.org/a", "second")], gzip: true)
    XCTAssertEqual(try read(bytes).answers.map { String(decoding: $0.body, as: UTF8.self) }, ["first", "second"])
  }

  func testARecordOverTheCapIsRefusedFromItsHeaderBeforeItsBlockIsRead() throws {
    // The header claims 3 GiB; the file holds a few bytes of it. Refused as too large, not as cut
    // short: the reader never went looking for the block.
    let huge = Array(
      ("WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: https://example.org/big\r\n"
        + "Content-Length: \(3 << 30)\r\n\r\nHTTP/1.1 200 OK\r\n\r\nxxxx").utf8)
    for bytes in [huge, try GzipMembers.compress(huge)] {
      XCTAssertThrowsError(try read(bytes)) { e in
        XCTAssertEqual(e as? WARCError, .tooLarge(offset: 0, contentLength: 3 << 30, cap: 1 << 20))
      }
    }
    // For a host nobody asked for, the block is read past (here: it is not there, so cut short).
    XCTAssertThrowsError(try read(huge) { $0 == "elsewhere.org" }) { e in
      guard case WARCError.cutShort? = e as? WARCError else { return XCTFail("\(e)") }
    }
  }

  func testABodyInflatingPastTheCapIsRefused() throws {
    let zeros = try GzipMembers.compress([UInt8](repeating: 0, count: 3 << 20))
    let http = HTTPMessage(
      startLine: "HTTP/1.1 200 OK", fields: [("Content-Encoding", "gzip")], payload: zeros
    ).serialized()
    let record = WARCRecord(
      fields: [("WARC-Type", "response"), ("WARC-Target-URI", "https://example.org/bomb")], block: http)
    XCTAssertThrowsError(try read(record.serialized())) { e in
      guard case WARCError.badHTTP? = e as? WARCError else { return XCTFail("\(e)") }
      XCTAssertTrue("\(e)".contains("does not inflate within 1048576 bytes"), "\(e)")
    }
  }

  func testAnEmptyFileOrAnEmptyGzipMemberHoldsNoRecords() throws {
    for bytes in [[], Array("\r\n\r\n".utf8), try GzipMembers.compress([])] {
      XCTAssertEqual(try read(bytes).counts.records, 0)
    }
  }

  func testRecordsInOneGzipMemberAreLocatedAndARevisitReadsItsOriginalBack() throws {
    // Several records in one member (as `warcat concat` or a whole-file gzip writes them): each is
    // found again at its member's offset plus how far in it starts.
    let original = answer("https://example.org/a", "same bytes")
    let info = WARCAnswer.warcinfo(filename: "t.warc", date: "2026-12-01T10:00:00Z", software: "test")
    let revisit = WARCRecord(
      fields: [
        ("WARC-Type", "revisit"), ("WARC-Record-ID", "<urn:uuid:2>"), ("WARC-Target-URI", "https://example.org/b"),
        ("WARC-Date", "2026-12-02T10:00:00Z"),
        ("WARC-Payload-Digest", WARCDigest.sha1(Array("same bytes".utf8)).description),
      ], block: [])
    let plain = ([info] + original.records(warcinfoID: "") + [revisit]).flatMap { $0.serialized() }
    let bytes = try GzipMembers.compress(Array(plain.prefix(100))) + GzipMembers.compress(Array(plain.dropFirst(100)))
    let records = try WARCReader.records(bytes)
    XCTAssertEqual(records.map(\.type), ["warcinfo", "request", "response", "revisit"])
    XCTAssertTrue(records.dropFirst().allSatisfy { $0.location.skip > 0 }, "\(records.map(\.location))")
    let got = try read(bytes)
    XCTAssertEqual(got.answers.map { String(decoding: $0.body, as: UTF8.self) }, ["same bytes", "same bytes"])
    let location = try XCTUnwrap(got.answers.last?.bodyLocation)
    XCTAssertEqual(
      try WARCAnswerReader.body(at: location, in: WARCBytes(bytes), bodyCap: 1 << 20), Array("same bytes".utf8))
  }

  func testAReaderThatReadsInSmallPiecesFindsTheSameRecords() throws {
    // Chunk boundaries anywhere: a source that hands out 7 bytes at a time.
    struct Trickle: WARCSource {
      var bytes: [UInt8]
      func read(at offset: Int, count: Int) -> [UInt8] { WARCBytes(bytes).read(at: offset, count: min(count, 7)) }
    }
    let answers = [
      answer("https://example.org/a", String(repeating: "a", count: 5000)), answer("https://example.org/b", "b"),
    ]
    for gzip in [false, true] {
      let bytes = try file(answers, gzip: gzip)
      let reader = try WARCAnswerReader(Trickle(bytes: bytes), wants: { _ in true }, bodyCap: 1 << 20)
      var back: [WARCAnswer] = []
      while let a = try reader.next() { back.append(a) }
      XCTAssertEqual(back.map(\.body), answers.map(\.body))
    }
  }
}
