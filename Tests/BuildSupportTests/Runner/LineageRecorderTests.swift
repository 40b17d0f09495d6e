import CatalogKit
import XCTest

@testable import BuildSupport

/// A walk's pages tagged in one pass (`listed`) name the same answers, in the same order, as each
/// page read and then tagged with its rows one by one.
final class LineageRecorderTests: XCTestCase {
  let plan = LineagePlan(kinds: [
    .init("page", fields: ["id", "title"], listing: true),
    .init("head", method: "HEAD", fields: ["bytes"]),
  ])

  func testListingPagesInOnePassGiveTheSameLineageAsReadingThenTagging() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let cache = CacheStore(root: dir, remembersAnswers: true)
    let pages = (0..<6).map { URL(string: "https://example.org/walk/\($0).html")! }
    // Page 1 gives no row, page 4 two rows, page 5 a row of another file; page 2 is watched.
    let rows: [[String]] = [["a"], [], ["b"], ["c"], ["d", "e"], []]
    let heads = ["a", "b", "c", "d", "e"].map { (id: $0, address: "https://example.org/\($0).zip") }

    let oneByOne = LineageRecorder()
    oneByOne.read("page", pages)
    oneByOne.tag(each: heads, "head", file: "f.json")
    for (url, ids) in zip(pages, rows) where !ids.isEmpty { oneByOne.tag(ids, "page", url, file: "f.json") }
    oneByOne.tag(["z"], "page", pages[5], file: "g.json")

    let onePass = LineageRecorder()
    onePass.tag(each: heads, "head", file: "f.json")
    onePass.listed("page", pages, rows: rows, file: "f.json")
    onePass.tag(["z"], "page", pages[5], file: "g.json")

    let fileRows = ["e", "a", "b", "c", "d"].map { (id: $0, fields: ["bytes", "id", "title"]) }
    let watched: Set<String> = [pages[1].absoluteString]
    let expected = oneByOne.lineage(file: "f.json", rows: fileRows, plan: plan, cache: cache, watched: watched)
    let got = onePass.lineage(file: "f.json", rows: fileRows, plan: plan, cache: cache, watched: watched)
    XCTAssertEqual(got, expected)
    XCTAssertEqual(got.encoded(), expected.encoded())
    XCTAssertEqual(got.rows.count, 5)
    // The watched page that gave no row is still named, last, for drift.
    XCTAssertEqual(got.answers.last?.url, pages[1].absoluteString)
    XCTAssertEqual(Set(got.answers.map(\.url)).count, got.answers.count, "each answer once")
  }

  func testAnOffRecorderKeepsNothingFromAListing() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let off = LineageRecorder(enabled: false)
    off.listed("page", [URL(string: "https://example.org/1.html")!], rows: [["a"]])
    let l = off.lineage(
      file: "f.json", rows: [(id: "a", fields: ["id"])], plan: plan, cache: CacheStore(root: dir), watched: [])
    XCTAssertTrue(l.answers.isEmpty)
  }

  /// The answers a lineage's inputs name, kept as a build keeps them.
  private func answer(_ cache: CacheStore, _ url: String, _ method: HTTPMethod, etag: String = "\"1\"") {
    let record = CacheRecord(
      key: "k", url: url, method: method, status: 200, headers: ["etag": etag, "content-length": "7"],
      fetched: "2026-12-01T00:00:00Z", bodySHA256: String(repeating: "ab", count: 32), bodyBytes: 0, charset: nil,
      keyVersion: CacheKey.version, removed: nil)
    cache.answered.keep(record, for: AnswerKey(method, url))
  }

  /// The walk's answers: three pages, a HEAD per row.
  private func answers(_ cache: CacheStore) {
    for n in 0..<3 { answer(cache, "https://example.org/walk/\(n).html", .get) }
    for id in ["a", "b", "c"] { answer(cache, "https://example.org/\(id).zip", .head) }
  }

  /// A small walk: three pages (the second gives no row), a HEAD per row.
  private func walk(_ cache: CacheStore, pagesFirst: Bool = true) -> LineageRecorder {
    let pages = (0..<3).map { URL(string: "https://example.org/walk/\($0).html")! }
    let r = LineageRecorder()
    let heads = ["a", "b", "c"].map { (id: $0, address: "https://example.org/\($0).zip") }
    if pagesFirst {
      r.listed("page", pages, rows: [["a", "b"], [], ["c"]])
      r.tag(each: heads, "head")
    } else {
      // Another crawl order: the last page numbered first.
      r.listed("page", [pages[2], pages[1], pages[0]], rows: [["c"], [], ["a", "b"]])
      r.tag(each: heads.reversed(), "head")
    }
    return r
  }

  private let rows = ["a", "b", "c"].map { (id: $0, fields: ["bytes", "id", "title"]) }

  private func inputs(
    _ r: LineageRecorder, _ cache: CacheStore, watched: Set<String> = [], executable: String = "tool 1"
  ) -> String? {
    r.inputs(file: "f.json", rows: rows, plan: plan, cache: cache, watched: watched, executable: executable)
  }

  func testEqualInputsWhateverTheCrawlsOrderAndOtherWhereTheLineageWouldDiffer() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let cache = CacheStore(root: dir, remembersAnswers: true)
    answers(cache)
    let first = try XCTUnwrap(inputs(walk(cache), cache))
    XCTAssertEqual(inputs(walk(cache), cache), first, "the same walk again")
    let reordered = walk(cache, pagesFirst: false)
    XCTAssertEqual(
      reordered.lineage(file: "f.json", rows: rows, plan: plan, cache: cache, watched: []).encoded(),
      walk(cache).lineage(file: "f.json", rows: rows, plan: plan, cache: cache, watched: []).encoded(),
      "the lineage does not depend on the order either")
    XCTAssertEqual(inputs(reordered, cache), first, "pages numbered in another order")

    XCTAssertNotEqual(inputs(walk(cache), cache, executable: "tool 2"), first, "another executable")
    XCTAssertEqual(
      inputs(walk(cache), cache, watched: ["https://example.org/walk/0.html"]), first,
      "a watched page a row cites: the lineage names it for that row alone")
    let watched: Set<String> = ["https://example.org/walk/1.html"]
    XCTAssertNotEqual(inputs(walk(cache), cache, watched: watched), first, "a watched page that gave no row")
    var other = rows
    other[1].fields = ["id", "title"]
    XCTAssertNotEqual(
      walk(cache).inputs(file: "f.json", rows: other, plan: plan, cache: cache, watched: [], executable: "tool 1"),
      first, "a row's fields")
    XCTAssertNotEqual(
      walk(cache).inputs(
        file: "f.json", rows: Array(rows.reversed()), plan: plan, cache: cache, watched: [], executable: "tool 1"),
      first, "the rows' order")

    // One answer's validator moves: the inputs move with it.
    answer(cache, "https://example.org/b.zip", .head, etag: "\"2\"")
    let moved = try XCTUnwrap(inputs(walk(cache), cache))
    XCTAssertNotEqual(moved, first)
    answer(cache, "https://example.org/walk/0.html", .get, etag: "\"2\"")
    XCTAssertNotEqual(inputs(walk(cache), cache), moved)
  }

  /// A file whose rows cite an answer fetched in this run is worked out at once, its inputs hashed
  /// from the same lookups: the same lineage and the same inputs as the two asked one by one.
  func testLineageAndInputsAtOnceAreTheTwoAskedApartAndAWrittenAnswerIsFound() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let cache = CacheStore(root: dir, remembersAnswers: true)
    answers(cache)
    for watched: Set<String> in [[], ["https://example.org/walk/1.html"]] {
      let r = walk(cache)
      let both = r.lineageAndInputs(
        file: "f.json", rows: rows, plan: plan, cache: cache, watched: watched, executable: "tool 1")
      XCTAssertEqual(
        both.lineage.encoded(),
        r.lineage(file: "f.json", rows: rows, plan: plan, cache: cache, watched: watched).encoded())
      XCTAssertEqual(both.inputs, try XCTUnwrap(inputs(r, cache, watched: watched)))
      XCTAssertNil(
        r.lineageAndInputs(file: "f.json", rows: rows, plan: plan, cache: cache, watched: watched, executable: nil)
          .inputs)
    }
    let r = walk(cache)
    XCTAssertFalse(r.citesAnswerWritten(rows: rows, file: "f.json", cache: cache), "every answer was read")
    let unrelated = URL(string: "https://example.org/elsewhere.zip")!
    try cache.write(
      CacheKey(method: .head, url: unrelated),
      response: FetchResponse(url: unrelated, method: .head, status: 200, headers: [:], body: [], fromCache: false),
      charset: nil)
    XCTAssertFalse(r.citesAnswerWritten(rows: rows, file: "f.json", cache: cache), "no row cites that one")
    let cited = URL(string: "https://example.org/walk/2.html")!
    try cache.write(
      CacheKey(method: .get, url: cited),
      response: FetchResponse(
        url: cited, method: .get, status: 200, headers: [:], body: Array("<p>".utf8), fromCache: false),
      charset: nil)
    XCTAssertTrue(r.citesAnswerWritten(rows: rows, file: "f.json", cache: cache), "row c's page was fetched anew")
    XCTAssertTrue(r.citesAnswerWritten(rows: [rows[2]], file: "f.json", cache: cache))
    XCTAssertFalse(r.citesAnswerWritten(rows: [rows[0]], file: "f.json", cache: cache), "rows a and b cite page 0")
  }

  func testNoInputsWhenARowNamesAnAnswerThisProcessDidNotKeep() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let cache = CacheStore(root: dir, remembersAnswers: true)
    answers(cache)
    let r = walk(cache)
    XCTAssertNotNil(inputs(r, cache))
    r.tag("a", "head", address: "https://example.org/elsewhere.zip")
    XCTAssertNil(inputs(r, cache), "that answer would be looked up on disk, which the inputs do not cover")
  }

  /// The inputs hash every fact the cache kept of an answer, and the tag and method that name it:
  /// a fact added and left out of the hash would let a build take a memo whose lineage differs in it.
  func testTheInputsHashEveryFactOfAnAnswer() {
    let record = CacheRecord(
      key: "k", url: "https://example.org/1.html", method: .get, status: 200,
      headers: ["etag": "\"1\"", "last-modified": "Tue, 01 Dec 2026 00:00:00 GMT", "content-length": "7"],
      fetched: "2026-12-01T00:00:00Z", bodySHA256: String(repeating: "0123456789abcdef", count: 4), bodyBytes: 7,
      charset: nil, keyVersion: CacheKey.version, removed: nil)
    let a = AnswerFacts(record)
    XCTAssertEqual(
      Mirror(reflecting: a).children.map(\.label),
      [
        "url", "method", "status", "fetched", "etag", "lastModified", "contentLength", "bodySHA256",
      ], "a new fact: hash it in LineageInputs.add(kind:method:url:_:), then list it here")
    func hex(_ kind: String, _ method: String, _ url: String, _ f: AnswerFacts) -> String {
      var h = LineageInputs()
      h.add(kind: kind, method: method, url: url, f)
      return h.hex()
    }
    var variants = [hex("page", "GET", a.url, a), hex("head", "GET", a.url, a), hex("page", "HEAD", a.url, a)]
    variants.append(hex("page", "GET", a.url + "?", a))
    for change in 0..<8 {
      var b = a
      switch change {
      case 0: b.url += "?"
      case 1: b.method = .head
      case 2: b.status = 404
      case 3: b.fetched = "2026-12-02T00:00:00Z"
      case 4: b.etag = nil
      case 5: b.lastModified = "Wed, 02 Dec 2026 00:00:00 GMT"
      case 6: b.contentLength = "8"
      default: b.bodySHA256 = String(repeating: "fedcba9876543210", count: 4)
      }
      variants.append(hex("page", "GET", a.url, b))
    }
    XCTAssertEqual(Set(variants).count, 12, "each fact, the kind, the method and the URL move the hash")
  }
}
