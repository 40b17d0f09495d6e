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
}
