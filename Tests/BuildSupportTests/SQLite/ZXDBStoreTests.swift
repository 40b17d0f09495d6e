import CatalogKit
import ShelfmarkSamples
import ShelfmarkTestSupport
import XCTest

@testable import BuildSupport

final class ZXDBStoreTests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws { dir = try Tool.temporaryDirectory("zxdb-store") }
  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  private func zipped(_ sql: [UInt8]) -> [UInt8] {
    let w = ZipWriter(entryName: "ZXDB_mysql.sql")
    w.write(sql)
    return w.finish()
  }

  private func fixture() throws -> [UInt8] { try TestPaths.fixtureBytes("Spectrum/zxdb-small.sql") }
  private var path: URL { dir.appendingPathComponent("zxdb.sqlite") }

  func testTheDumpLoadsEveryTableAndTheQueriesReadIt() throws {
    let (store, load) = try ZXDBStore.open(
      zip: zipped(fixture()), sha256: "aa", dumpName: "ZXDB_mysql.sql.zip", at: path)
    XCTAssertFalse(load.reused)
    XCTAssertEqual(load.sqlBytes, try fixture().count)
    XCTAssertEqual(load.rowCounts.first { $0.table == "issues" }?.rows, 20)
    let magazines = try store.magazines()
    XCTAssertEqual(magazines.count, 9)
    XCTAssertEqual(magazines.first { $0.id == 451 }?.name, "QL Hacker's Journal")
    XCTAssertNil(magazines.first { $0.id == 451 }?.country)
    let issues = try store.issues()
    XCTAssertEqual(issues.map(\.id).prefix(3), [101, 102, 103], "dump order")
    let i104 = try XCTUnwrap(issues.first { $0.id == 104 })
    XCTAssertEqual(i104.fields, MaskFields(number: 4, volume: 1, year: 1984, month: 5, supplement: "Poster"))
    XCTAssertEqual(issues.first { $0.id == 900 }?.fields.day, 12)
  }

  func testBooksComeWithGenreAndFirstPublisher() throws {
    let (store, _) = try ZXDBStore.open(zip: zipped(fixture()), sha256: "aa", dumpName: "d.zip", at: path)
    let books = try store.bookDownloads()
    XCTAssertEqual(books.first?.entryID, 2_000_471)
    XCTAssertEqual(books.first?.imprint, "Addison-Wesley Productions")
    XCTAssertEqual(books.first?.genre, "Book: Programming")
    XCTAssertEqual(books.first { $0.entryID == 2_001_095 }?.imprint, "ARCsoft Publishers", "the first publishers row")
    XCTAssertNil(books.first { $0.entryID == 2_001_400 }?.imprint)
    XCTAssertEqual(try store.texts(of: "filetypes")["46"], "Complete book")
  }

  func testAnUnchangedDumpReusesTheDatabase() throws {
    let zip = zipped(try fixture())
    _ = try ZXDBStore.open(zip: zip, sha256: "aa", dumpName: "d.zip", at: path)
    let stamp = try FileManager.default.attributesOfItem(atPath: path.path)[.modificationDate] as? Date
    let (store, load) = try ZXDBStore.open(zip: zip, sha256: "aa", dumpName: "d.zip", at: path)
    XCTAssertTrue(load.reused)
    XCTAssertEqual(load.sqlBytes, 0)
    XCTAssertEqual(try store.issues().count, 20)
    XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path.path)[.modificationDate] as? Date, stamp)
  }

  func testAChangedDumpIsLoadedAgain() throws {
    _ = try ZXDBStore.open(zip: zipped(try fixture()), sha256: "aa", dumpName: "d.zip", at: path)
    let changed = String(decoding: try fixture(), as: UTF8.self).replacingOccurrences(of: "'Crash'", with: "'CRASH!'")
    let (store, load) = try ZXDBStore.open(zip: zipped(Array(changed.utf8)), sha256: "bb", dumpName: "d.zip", at: path)
    XCTAssertFalse(load.reused)
    XCTAssertEqual(try store.magazines().first { $0.id == 62 }?.name, "CRASH!")
  }

  func testAFailedLoadLeavesThePreviousDatabaseAlone() throws {
    _ = try ZXDBStore.open(zip: zipped(try fixture()), sha256: "aa", dumpName: "d.zip", at: path)
    let bytes = try fixture()
    let cut = zipped(Array(bytes[0..<(bytes.count / 2)]))
    XCTAssertThrowsError(try ZXDBStore.open(zip: cut, sha256: "cc", dumpName: "d.zip", at: path)) { error in
      XCTAssertTrue(error is DumpError, "\(error)")
    }
    let (_, load) = try ZXDBStore.open(zip: zipped(try fixture()), sha256: "aa", dumpName: "d.zip", at: path)
    XCTAssertTrue(load.reused)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
    XCTAssertEqual(leftovers, [])
  }

  func testACorruptZipFailsWithTheArchiveNamed() throws {
    var zip = zipped(try fixture())
    for k in stride(from: 100, to: 400, by: 7) { zip[k] ^= 0xA5 }
    XCTAssertThrowsError(try ZXDBStore.open(zip: zip, sha256: "dd", dumpName: "ZXDB_mysql.sql.zip", at: path)) {
      error in
      XCTAssertTrue(error is ZipError || error is DumpError, "\(error)")
      XCTAssertTrue("\(error)".hasPrefix("ZXDB_mysql.sql.zip"), "\(error)")
    }
  }
}
