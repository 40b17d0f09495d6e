import ShelfmarkSamples
import XCTest

@testable import CatalogKit

final class ZipArchiveTests: XCTestCase {
  private func sample() -> [UInt8] {
    var s: [UInt8] = []
    for i in 0..<20000 { s += Array("INSERT INTO `t` VALUES (\(i), 'row \(i)');\n".utf8) }
    return s
  }

  private func zip(_ bytes: [UInt8], name: String = "ZXDB_mysql.sql", level: Int32 = 6) -> [UInt8] {
    let w = ZipWriter(entryName: name, level: level)
    var p = 0
    while p < bytes.count {
      let q = min(bytes.count, p + 50_000)
      w.write(Array(bytes[p..<q]))
      p = q
    }
    return w.finish()
  }

  private func unzip(_ archive: [UInt8], chunk: Int = 1 << 20) throws -> [UInt8] {
    let z = try ZipArchive(bytes: archive, name: "dump.zip")
    var out: [UInt8] = []
    try z.inflate(try z.firstEntry(endingWith: ".sql"), in: archive, chunkSize: chunk) { out.append(contentsOf: $0) }
    return out
  }

  func testADeflatedEntryInflatesToItsBytes() throws {
    let data = sample()
    let archive = zip(data)
    XCTAssertLessThan(archive.count, data.count / 4)
    XCTAssertEqual(try unzip(archive), data)
  }

  func testSmallOutputChunksGiveTheSameBytes() throws {
    let data = sample()
    XCTAssertEqual(try unzip(zip(data), chunk: 333), data)
  }

  func testAStoredEntryIsReadToo() throws {
    let data = sample()
    let archive = zip(data, level: 0)
    XCTAssertEqual(try ZipArchive(bytes: archive, name: "x").entries.first?.method, 0)
    XCTAssertEqual(try unzip(archive, chunk: 4096), data)
  }

  func testTheDirectoryListsTheEntry() throws {
    let archive = zip(sample())
    let z = try ZipArchive(bytes: archive, name: "x")
    XCTAssertEqual(z.entries.map(\.name), ["ZXDB_mysql.sql"])
    XCTAssertEqual(z.entries.first?.uncompressedSize, sample().count)
  }

  func testAnArchiveWithoutASQLEntryNamesWhatIsMissing() throws {
    let archive = zip(sample(), name: "readme.txt")
    XCTAssertThrowsError(try unzip(archive)) { error in
      XCTAssertEqual(error as? ZipError, .noEntry(archive: "dump.zip", wanted: "ending in .sql"))
    }
  }

  func testSomethingThatIsNotAZipHasNoEndRecord() {
    XCTAssertThrowsError(try ZipArchive(bytes: Array("<html>rate limited</html>".utf8), name: "dump.zip")) { error in
      guard case .noEndRecord? = error as? ZipError else { return XCTFail("got \(error)") }
      XCTAssertTrue("\(error)".hasPrefix("dump.zip: "))
    }
  }

  func testACutDownloadHasNoEndRecord() {
    let archive = zip(sample())
    XCTAssertThrowsError(try ZipArchive(bytes: Array(archive[0..<(archive.count / 2)]), name: "dump.zip"))
  }

  func testDamagedCompressedDataIsReportedWithAnOffset() throws {
    var archive = zip(sample())
    for k in stride(from: 200, to: 260, by: 3) { archive[k] ^= 0x5A }
    XCTAssertThrowsError(try unzip(archive)) { error in
      switch error as? ZipError {
      case .corruptData(_, "ZXDB_mysql.sql", let offset, _)?: XCTAssertGreaterThan(offset, 0)
      case .checksumMismatch?, .truncated?: break
      default: XCTFail("got \(error)")
      }
    }
  }

  func testADeflateStreamCutShortIsTruncated() throws {
    // Keep the directory intact but claim (and keep) only half of the compressed bytes.
    let data = sample()
    let full = zip(data)
    let z = try ZipArchive(bytes: full, name: "x")
    let entry = try XCTUnwrap(z.entries.first)
    let range = try z.dataRange(of: entry, in: full)
    let half = entry.compressedSize / 2
    var cut = Array(full[0..<(range.lowerBound + half)])
    // Rewrite the compressed size in the local header.
    for k in 0..<4 { cut[18 + k] = UInt8((half >> (8 * k)) & 0xFF) }
    let w = ZipArchive.Entry(
      name: entry.name, method: 8, crc32: entry.crc32, compressedSize: half, uncompressedSize: entry.uncompressedSize,
      localHeaderOffset: 0)
    let archive = ZipArchive(name: "dump.zip", entries: [w])
    XCTAssertThrowsError(try archive.inflate(w, in: cut) { _ in }) { error in
      guard case .truncated(_, _, let offset)? = error as? ZipError else { return XCTFail("got \(error)") }
      XCTAssertEqual(offset, cut.count)
    }
  }

  func testAWrongChecksumIsCaught() throws {
    var archive = zip(sample(), level: 0)
    archive[100] ^= 1  // inside the stored data
    XCTAssertThrowsError(try unzip(archive)) { error in
      guard case .checksumMismatch? = error as? ZipError else { return XCTFail("got \(error)") }
    }
  }

  func testAConsumerErrorStopsTheStream() throws {
    struct Stop: Error {}
    let archive = zip(sample())
    let z = try ZipArchive(bytes: archive, name: "x")
    var calls = 0
    XCTAssertThrowsError(
      try z.inflate(z.entries[0], in: archive, chunkSize: 1000) { _ in
        calls += 1
        if calls == 3 { throw Stop() }
      }
    ) { XCTAssertTrue($0 is Stop) }
    XCTAssertEqual(calls, 3)
  }
}

final class ZipArchiveDamageTests: XCTestCase {
  func testRandomDamageAnywhereNeverCrashesTheReader() {
    let w = ZipWriter(entryName: "ZXDB_mysql.sql")
    w.write(Array(String(repeating: "INSERT INTO `t` VALUES (1, 'x');\n", count: 200).utf8))
    let archive = w.finish()
    var rng = SplitMix(seed: 11)
    for _ in 0..<400 {
      var damaged = archive
      for _ in 0..<Int(rng.next() % 3 + 1) {
        damaged[Int(rng.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: rng.next())
      }
      do {
        let z = try ZipArchive(bytes: damaged, name: "d.zip")
        for e in z.entries { try z.inflate(e, in: damaged) { _ in } }
      } catch {
        XCTAssertTrue(error is ZipError, "\(error)")
      }
    }
  }
}
