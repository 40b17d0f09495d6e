import CatalogKit
import Foundation
import XCTest

/// The lineage file's lines, the plan's attribution, drift and the change between two builds: pure
/// values, no build.
final class LineageFileTests: XCTestCase {
  let plan = LineagePlan(kinds: [
    .init("detail", fields: ["title", "pages"]),
    .init("listing", fields: ["id", "title", "zip"], listing: true),
    .init("head", method: "HEAD", fields: ["bytes", "dead"]),
  ])

  func answer(
    _ kind: String, _ url: String, status: Int = 200,
    sha: String = String(repeating: "a", count: LineageFile.digestDigits)
  )
    -> LineageAnswer
  {
    LineageAnswer(
      kind: kind, method: kind == "head" ? "HEAD" : "GET", url: url, status: status, fetched: "2026-12-01T00:00:00Z",
      sha256: kind == "head" ? nil : sha, length: kind == "head" ? "10" : nil)
  }

  func testLinesRoundTripWithSortedKeysAndAnswersBeforeTheRowsCitingThem() throws {
    let file = LineageFile(
      answers: [
        answer("listing", "https://h/l"), answer("detail", "https://h/d"), answer("listing", "https://h/empty"),
        answer("detail", "https://h/d2"),
      ],
      rows: [
        LineageRow(file: "c.json", id: "A", fields: ["title": .answer(1), "id": .answer(0), "series": .tool]),
        LineageRow(file: "c.json", id: "B", fields: ["title": .answer(3), "id": .answer(0)]),
      ])
    let text = String(decoding: file.encoded(), as: UTF8.self)
    let lines = text.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 6)
    XCTAssertEqual(
      lines[0],
      #"{"fetched":"2026-12-01T00:00:00Z","kind":"listing","method":"GET","sha256":"aaaaaaaaaaaa","status":200,"url":"https://h/l"}"#
    )
    XCTAssertTrue(lines[1].hasPrefix(#"{"fetched":"#) && lines[1].hasSuffix(#""url":"https://h/d"}"#), lines[1])
    // The answers written just above a row are counted back from it; the listing further up by its place.
    XCTAssertEqual(lines[2], #"{"fields":{"id":-2,"series":"tool","title":-1},"file":"c.json","id":"A"}"#)
    XCTAssertTrue(lines[3].hasSuffix(#""url":"https://h/d2"}"#), lines[3])
    XCTAssertEqual(lines[4], #"{"fields":{"id":0,"title":-1},"file":"c.json","id":"B"}"#)
    XCTAssertTrue(lines[5].contains("https://h/empty"), "an uncited answer comes last")
    // Its number is its place: the uncited page, third in memory, is the last line.
    let read = try LineageFile.decode(file.encoded())
    XCTAssertEqual(read.answers.map(\.url), ["https://h/l", "https://h/d", "https://h/d2", "https://h/empty"])
    XCTAssertEqual(read.rows.map { read.answer(for: $0.fields["title"])?.url }, ["https://h/d", "https://h/d2"])
    XCTAssertEqual(read.encoded(), file.encoded(), "the same lines again")
  }

  /// Seven shelves' lineage merged into one file: each file's uncited pages are written after
  /// every row, so an answer's place is not its index, and the rows still name the right pages.
  func testAMergedFileWritesEachAnswerByItsPlaceAndReadsBackTheSameRows() throws {
    let a = LineageFile(
      answers: [answer("listing", "https://h/a"), answer("listing", "https://h/a-empty")],
      rows: [LineageRow(file: "a.json", id: "1", fields: ["id": .answer(0)])])
    let b = LineageFile(
      answers: [answer("listing", "https://h/b"), answer("detail", "https://h/b1")],
      rows: [
        LineageRow(file: "b.json", id: "1", fields: ["id": .answer(0), "title": .answer(1)]),
        LineageRow(file: "b.json", id: "2", fields: ["id": .answer(0)]),
      ])
    let merged = LineageFile.merged([a, b])
    let read = try LineageFile.decode(try merged.stored())
    XCTAssertEqual(read.answers.map(\.url).last, "https://h/a-empty")
    for file in ["a.json", "b.json"] {
      for (id, row) in merged.rows(of: file) {
        let again = try XCTUnwrap(read.rows(of: file)[id])
        for (field, origin) in row.fields {
          XCTAssertEqual(read.answers(for: again.fields[field]), merged.answers(for: origin), "\(file) \(id) \(field)")
        }
      }
    }
  }

  /// A number below zero counts back among the answer lines above the row: one reaching past the
  /// first is malformed, as is an answer line giving a number that is not a whole number from 0.
  func testCountingBackPastTheFirstAnswerIsMalformed() {
    let answer = #"{"fetched":"2026-12-01T00:00:00Z","kind":"listing","method":"GET","status":200,"url":"https://h/l"}"#
    for (text, line) in [
      (answer + "\n" + #"{"fields":{"id":-2},"file":"c.json","id":"A"}"#, 2),
      (answer + "\n" + #"{"fields":{"id":[-1,-2]},"file":"c.json","id":"A"}"#, 2),
      (#"{"answer":-1,"kind":"listing","method":"GET","url":"https://h/l"}"#, 1),
      (#"{"answer":"0","kind":"listing","method":"GET","url":"https://h/l"}"#, 1),
      (answer + "\n" + answer.replacingOccurrences(of: "{", with: #"{"answer":0,"#), 2),
    ] {
      XCTAssertThrowsError(try LineageFile.decode(Array(text.utf8)), text) { e in
        XCTAssertEqual((e as? LineageFile.Malformed)?.line, line, "\(text): \(e)")
      }
    }
    XCTAssertNoThrow(
      try LineageFile.decode(Array((answer + "\n" + #"{"fields":{"id":-1},"file":"c.json","id":"A"}"#).utf8)))
  }

  /// As a build keeps it: xz-compressed, read back the same; files older builds wrote (gzip, or
  /// uncompressed with whole digests) read the same lines, with the digests short, so builds compare.
  func testTheStoredFileIsCompressedAndAnOlderBuildsWholeDigestsReadShort() throws {
    let listing = (0..<200).map { answer("listing", "https://h/list?page=\($0)") }
    let file = LineageFile(
      answers: listing,
      rows: (0..<200).map {
        LineageRow(file: "c.json", id: "A\($0)", fields: ["id": .answer($0), "title": .answer($0)])
      })
    let stored = try file.stored()
    XCTAssertTrue(Xz.isXz(stored))
    XCTAssertLessThan(stored.count * 5, file.encoded().count, "the repeated keys and URLs compress")
    XCTAssertEqual(try LineageFile.decode(stored), file)
    XCTAssertEqual(try file.stored(), stored, "the same lines compress to the same bytes")
    XCTAssertEqual(try LineageFile.decode(try GzipMembers.compress(file.encoded(), level: 5)), file)

    let whole = "19fb1c18" + String(repeating: "0123456789abcdef", count: 3) + "01234567"
    XCTAssertEqual(whole.count, 64)
    let old = Array(
      """
      {"answer":0,"fetched":"2026-12-01T00:00:00Z","kind":"listing","method":"GET","sha256":"\(whole)","status":200,"url":"https://h/l"}
      {"fields":{"id":0},"file":"c.json","id":"A"}

      """.utf8)
    let read = try LineageFile.decode(old)
    XCTAssertEqual(read.answers.first?.sha256, String(whole.prefix(LineageFile.digestDigits)))
    XCTAssertEqual(LineageFile.shortDigest(whole), "19fb1c180123")
  }

  func testATruncatedCompressedFileIsMalformedNotEmpty() throws {
    let file = LineageFile(answers: [answer("listing", "https://h/l")], rows: [])
    let stored = try file.stored()
    XCTAssertThrowsError(try LineageFile.decode(Array(stored.prefix(stored.count / 2)))) { e in
      XCTAssertTrue("\(e)".contains("not a whole xz stream"), "\(e)")
    }
    let gzip = try GzipMembers.compress(file.encoded(), level: 5)
    XCTAssertThrowsError(try LineageFile.decode(Array(gzip.prefix(gzip.count / 2)))) { e in
      XCTAssertTrue("\(e)".contains("not a whole gzip stream"), "\(e)")
    }
  }

  func testARowCitingNoAnswerAboveItIsMalformed() {
    let bytes = Array("{\"fields\":{\"id\":3},\"file\":\"c.json\",\"id\":\"A\"}\n".utf8)
    XCTAssertThrowsError(try LineageFile.decode(bytes)) { e in
      XCTAssertEqual((e as? LineageFile.Malformed)?.line, 1)
    }
  }

  func testMergedFilesShiftTheirAnswerNumbers() throws {
    let a = LineageFile(
      answers: [answer("listing", "https://h/a")],
      rows: [LineageRow(file: "a.json", id: "1", fields: ["id": .answer(0)])])
    let b = LineageFile(
      answers: [answer("listing", "https://h/b")],
      rows: [LineageRow(file: "b.json", id: "1", fields: ["id": .answer(0)])])
    let m = try LineageFile.decode(LineageFile.merged([a, b]).encoded())
    XCTAssertEqual(m.answer(for: m.rows(of: "b.json")["1"]?.fields["id"])?.url, "https://h/b")
    XCTAssertEqual(m.answer(for: m.rows(of: "a.json")["1"]?.fields["id"])?.url, "https://h/a")
  }

  func testAFieldComesFromTheFirstKindWhoseAnswerTheRowHasAndAFailedGetGivesNothing() {
    let ok = plan.attribute(
      fields: ["id", "title", "bytes", "dead"], tagged: [("listing", 0, 200), ("detail", 1, 200), ("head", 2, 404)])
    XCTAssertEqual(ok, ["id": .answer(0), "title": .answer(1), "bytes": .answer(2), "dead": .answer(2)])
    let missing = plan.attribute(fields: ["id", "title"], tagged: [("listing", 0, 200), ("detail", 1, 404)])
    XCTAssertEqual(missing["title"], .answer(0), "a 404 detail page gives no title: the listing's caption does")
    XCTAssertNil(plan.attribute(fields: ["series"], tagged: [("listing", 0, 200)])["series"])
  }

  /// A listing page that gave `n` rows `A0…` (each with id and zip from it).
  func lineage(pages: [(String, Int)], status: [String: Int] = [:]) -> LineageFile {
    var f = LineageFile()
    for (url, n) in pages {
      let number = f.answers.count
      f.answers.append(answer("listing", url, status: status[url] ?? 200))
      for i in 0..<n {
        f.rows.append(
          LineageRow(file: "c.json", id: "\(url)#\(i)", fields: ["id": .answer(number), "zip": .answer(number)]))
      }
    }
    return f
  }

  func testAListingThatStillAnswersButYieldsFarFewerRowsIsOneDriftFinding() {
    let before = lineage(pages: [("https://h/1", 10), ("https://h/2", 10), ("https://h/small", 2)])
    let after = lineage(pages: [("https://h/1", 2), ("https://h/2", 9), ("https://h/small", 0)])
    let found = LineageDrift.compare(previous: before, new: after, file: "c.json", plan: plan)
    XCTAssertEqual(found.map(\.rule), ["drift/yield"])
    XCTAssertEqual(found.first?.severity, .warning)
    XCTAssertEqual(
      found.first?.message, "https://h/1 (listing) still answers 200 but yields 2 rows, 10 last build")
    XCTAssertEqual(found.first?.count, 8, "the rows the page no longer gives")
  }

  func testAListingThatNoLongerAnswers200OrWasNotReadIsNotDrift() {
    let before = lineage(pages: [("https://h/1", 10)])
    XCTAssertEqual(
      LineageDrift.compare(
        previous: before, new: lineage(pages: [("https://h/1", 0)], status: ["https://h/1": 404]), file: "c.json",
        plan: plan), [])
    XCTAssertEqual(LineageDrift.compare(previous: before, new: LineageFile(), file: "c.json", plan: plan), [])
  }

  func testAnEmptiedPageIsNamedWithTheFirstFieldThatWentAndAnEmptiedKindIsAFieldsFinding() {
    var before = lineage(pages: [("https://h/1", 6)])
    var after = lineage(pages: [("https://h/1", 6)])
    for i in before.rows.indices { before.rows[i].fields["title"] = .answer(0) }
    XCTAssertEqual(
      LineageDrift.compare(previous: before, new: after, file: "c.json", plan: plan).map(\.rule), ["drift/fields"])
    after = LineageFile(answers: [answer("listing", "https://h/1")], rows: [])
    let found = LineageDrift.compare(previous: before, new: after, file: "c.json", plan: plan)
    // The page's yield finding says it all: its kind giving no field is not a second finding.
    XCTAssertEqual(found.map(\.rule), ["drift/yield"])
    XCTAssertTrue(found[0].message.hasSuffix("yields 0 rows, 6 last build; first field gone: id"), found[0].message)
  }

  func testAChangeNamesTheAnswerThatMovedAndNoneMovedIsAParserChange() {
    let old = LineageFile(
      answers: [
        answer("listing", "https://h/l"),
        answer("detail", "https://h/d", sha: String(repeating: "b", count: LineageFile.digestDigits)),
      ],
      rows: [LineageRow(file: "c.json", id: "A", fields: ["id": .answer(0), "title": .answer(1)])])
    var new = old
    XCTAssertEqual(LineageChange.changes(old: old, new: new, file: "c.json", id: "A"), [])
    XCTAssertTrue(LineageChange.isParserChange(old: old, new: new, file: "c.json", id: "A"))
    new.answers[1].sha256 = String(repeating: "c", count: LineageFile.digestDigits)
    new.answers[1].fetched = "2026-12-08T00:00:00Z"
    let c = LineageChange.changes(old: old, new: new, file: "c.json", id: "A")
    XCTAssertEqual(c.map(\.fields), [["title"]])
    XCTAssertEqual(c.first?.new?.fetched, "2026-12-08T00:00:00Z")
    XCTAssertFalse(LineageChange.isParserChange(old: old, new: new, file: "c.json", id: "A"))
    // A revalidation that only moved the fetch time is no change.
    var revalidated = old
    revalidated.answers[0].fetched = "2026-12-08T00:00:00Z"
    XCTAssertEqual(LineageChange.changes(old: old, new: revalidated, file: "c.json", id: "A"), [])
  }

  func testFieldOriginsStaySortedAndReadLikeADictionary() {
    var o: FieldOrigins = ["title": .answer(1), "id": .answer(0), "bytes": .tool]
    XCTAssertEqual(o.keys, ["bytes", "id", "title"])
    o["cover"] = .previous
    o["id"] = .answer(3)
    o["title"] = nil
    o["absent"] = nil
    XCTAssertEqual(o.keys, ["bytes", "cover", "id"])
    XCTAssertEqual(o["id"], .answer(3))
    XCTAssertNil(o["title"])
    XCTAssertEqual(o, FieldOrigins(["id": .answer(3), "cover": .previous, "bytes": .tool]))
    XCTAssertNotEqual(o, ["id": .answer(3), "cover": .previous])
    XCTAssertEqual(o.mapValues { _ in .tool }.values, [.tool, .tool, .tool])
  }

  func testYieldsReadBackAsWrittenAndADamagedFileIsNoYields() throws {
    var answers = (0..<6).map { answer("detail", "https://h/d\($0)") }
    answers.append(answer("listing", "https://h/l"))
    answers.append(answer("listing", "https://h/empty", status: 404))
    let rows = (0..<6).map {
      LineageRow(file: "c.json", id: "A\($0)", fields: ["id": .answer(6), "title": .answer($0), "pages": .answer($0)])
    }
    let yields = LineageYields(LineageFile(answers: answers, rows: rows), file: "c.json", plan: plan)
    XCTAssertEqual(yields.pages.map(\.rows), [6, 0])
    XCTAssertEqual(yields.pages.first?.fields, ["id": 6])
    XCTAssertEqual(yields.fieldsByKind, ["detail": ["title": 6, "pages": 6], "listing": ["id": 6]])
    XCTAssertEqual(yields.okByKind, ["detail": 6, "listing": 1])
    let bytes = [UInt8](try MachineJSON.encode(yields))
    XCTAssertEqual(LineageYields.decode(bytes), yields)
    XCTAssertNil(LineageYields.decode(Array(bytes.prefix(bytes.count / 2))), "a cut file")
    XCTAssertNil(LineageYields.decode(Array(#"{"pages":[{"kind":"x"}]}"#.utf8)), "a page without its counts")
  }
  /// A PopBoks grid's width rests on two tiles together: the row line cites both as an array, in
  /// the order tagged; it reads back, merges shifted, counts once for its kind, and a change of
  /// either tile is paired with the other build's tile in the same place.
  func testAFieldOfSeveralAnswersIsAnArrayThatReadsBackMergesCountsOnceAndPairsInOrder() throws {
    let edge = LineagePlan(kinds: [
      .init("script", fields: ["id"], listing: true),
      .init("edge", method: "HEAD", fields: ["columns"], jointly: true),
    ])
    XCTAssertEqual(
      edge.attribute(fields: ["id", "columns"], tagged: [("script", 0, 200), ("edge", 2, 200), ("edge", 1, 403)]),
      ["id": .answer(0), "columns": .answers([2, 1])], "every answer of a joint kind, in the order tagged")
    XCTAssertEqual(
      edge.attribute(fields: ["columns"], tagged: [("edge", 4, 404)]), ["columns": .answer(4)],
      "one answer is a plain number")
    XCTAssertNil(edge.attribute(fields: ["columns"], tagged: [("script", 0, 200)])["columns"])

    func head(_ url: String, _ status: Int) -> LineageAnswer {
      LineageAnswer(kind: "edge", method: "HEAD", url: url, status: status, fetched: "2026-12-01T00:00:00Z")
    }
    let old = LineageFile(
      answers: [answer("script", "https://h/s"), head("https://h/4_0", 200), head("https://h/5_0", 403)],
      rows: [LineageRow(file: "c.json", id: "A", fields: ["id": .answer(0), "columns": .answers([1, 2])])])
    let lines = String(decoding: old.encoded(), as: UTF8.self).split(separator: "\n")
    XCTAssertEqual(lines.last, #"{"fields":{"columns":[-2,-1],"id":-3},"file":"c.json","id":"A"}"#)
    XCTAssertEqual(try LineageFile.decode(old.encoded()), old)
    XCTAssertEqual(old.answers(for: old.rows[0].fields["columns"]).map(\.url), ["https://h/4_0", "https://h/5_0"])
    XCTAssertEqual(old.rows[0].answers, [0, 1, 2])

    let merged = LineageFile.merged([LineageFile(answers: [answer("listing", "https://h/x")]), old])
    XCTAssertEqual(merged.rows[0].fields["columns"], .answers([2, 3]))

    for bad in [#"[1]"#, #"[1,9]"#, #"[]"#] {
      let text = """
        {"answer":1,"kind":"edge","method":"HEAD","url":"https://h/4_0"}
        {"answer":2,"kind":"edge","method":"HEAD","url":"https://h/5_0"}
        {"fields":{"columns":\(bad)},"file":"c.json","id":"A"}

        """
      XCTAssertThrowsError(try LineageFile.decode(Array(text.utf8)), bad) { e in
        XCTAssertEqual((e as? LineageFile.Malformed)?.line, 3, bad)
      }
    }

    let yields = LineageYields(old, file: "c.json", plan: edge)
    XCTAssertEqual(yields.fieldsByKind["edge"], ["columns": 1], "one row's field, though two answers give it")

    // The grid narrowed: the tile at 4 is gone, so the edge is 3 (there) and 4 (missing).
    let new = LineageFile(
      answers: [answer("script", "https://h/s"), head("https://h/3_0", 200), head("https://h/4_0", 403)],
      rows: old.rows)
    let c = LineageChange.changes(old: old, new: new, file: "c.json", id: "A")
    XCTAssertEqual(
      c.map { [$0.old?.url, $0.new?.url] }, [["https://h/4_0", "https://h/3_0"], ["https://h/5_0", "https://h/4_0"]])
    XCTAssertEqual(c.map(\.fields), [["columns"], ["columns"]])
  }
}
