import BuildSupport
import CatalogKit
import Foundation
import XCTest

/// The xz codec lineage files are kept in: what it writes reads back the same and is what `xz`
/// reads, and a stream that is cut, edited, followed by anything or too big to hold is refused.
final class XzTests: XCTestCase {
  /// Lines shaped like a lineage's: shared text with a few unique bytes in each.
  private let lines: [UInt8] = Array(
    (0..<3000).map {
      "{\"fetched\":\"2026-12-01T03:21:40Z\",\"kind\":\"head\",\"length\":\"\($0 &* 7919 % 100_003)\",\"url\":\"https://h/\($0).zip\"}\n"
    }.joined().utf8)

  func testBothEffortsReadBackTheSameAndAreTheSameEachTime() throws {
    for effort in [Xz.Effort.thorough, .quick] {
      let stored = try Xz.compress(lines, effort: effort)
      XCTAssertTrue(Xz.isXz(stored))
      XCTAssertLessThan(stored.count * 10, lines.count, "\(effort)")
      XCTAssertEqual(Xz.decompress(stored, cap: lines.count), lines, "\(effort)")
      XCTAssertEqual(try Xz.compress(lines, effort: effort), stored, "\(effort): deterministic")
    }
    let empty = try Xz.compress([], effort: .thorough)
    XCTAssertEqual(Xz.decompress(empty, cap: 0), [])
  }

  func testTheThoroughParseIsSmaller() throws {
    XCTAssertLessThan(
      try Xz.compress(lines, effort: .thorough).count, try Xz.compress(lines, effort: .quick).count)
  }

  func testAStreamCutEditedFollowedByMoreOrOverTheCapIsRefused() throws {
    let stored = try Xz.compress(lines, effort: .quick)
    XCTAssertNil(Xz.decompress(Array(stored.prefix(stored.count - 1)), cap: 1 << 30), "cut by a byte")
    XCTAssertNil(Xz.decompress(Array(stored.prefix(stored.count / 2)), cap: 1 << 30), "cut in half")
    XCTAssertNil(Xz.decompress(stored + [0x0A], cap: 1 << 30), "a byte after the stream's end")
    XCTAssertNil(Xz.decompress(stored + stored, cap: 1 << 30), "a second stream")
    XCTAssertNil(Xz.decompress(lines, cap: 1 << 30), "not xz at all")
    XCTAssertNil(Xz.decompress(stored, cap: lines.count - 1), "one byte over the cap")
    XCTAssertNil(Xz.decompress([], cap: 1 << 30))
    for at in stride(from: 12, to: stored.count - 12, by: max(1, stored.count / 40)) {
      var edited = stored
      edited[at] ^= 0x20
      XCTAssertNil(Xz.decompress(edited, cap: 1 << 30), "byte \(at) edited")
    }
    // A bomb: a megabyte of one byte in a few hundred bytes stops at the cap.
    let bomb = try Xz.compress([UInt8](repeating: 0x41, count: 1 << 20), effort: .quick)
    XCTAssertLessThan(bomb.count, 1 << 10)
    XCTAssertNil(Xz.decompress(bomb, cap: 1 << 16))
    XCTAssertEqual(Xz.decompress(bomb, cap: 1 << 20)?.count, 1 << 20)
  }

  /// A stream whose block header declares a 4 GiB window (its CRC put right, so only the size is
  /// wrong) is refused for the memory it would take, not allocated.
  func testAStreamDeclaringAHugeWindowIsRefused() throws {
    let stored = try Xz.compress(lines, effort: .quick)
    // The block header follows the 12-byte stream header: its size is (first byte + 1) × 4, it
    // ends with a CRC-32 of the rest, and its LZMA2 filter is id 0x21, one byte of properties
    // (the window's size).
    let start = 12
    let size = (Int(stored[start]) + 1) * 4
    let header = Array(stored[start..<start + size - 4])
    let filter = try XCTUnwrap(header.indices.dropLast(2).first { header[$0] == 0x21 && header[$0 + 1] == 0x01 })
    func withWindow(_ props: UInt8) -> [UInt8] {
      var out = stored
      out[start + filter + 2] = props
      let crc = ZipCRC32.checksum(Array(out[start..<start + size - 4]))
      for i in 0..<4 { out[start + size - 4 + i] = UInt8(truncatingIfNeeded: crc >> (8 * i)) }
      return out
    }
    XCTAssertEqual(Xz.decompress(withWindow(header[filter + 2]), cap: 1 << 30), lines, "the header rewritten as it was")
    XCTAssertNil(Xz.decompress(withWindow(40), cap: 1 << 30), "a window of 4 GiB")
  }

  /// `xz -dc` reads what we write, and we read what `xz` writes (the format the docs tell people
  /// to read lineage files with).
  func testTheXzCommandReadsOursAndWeReadItsOwn() throws {
    guard let xz = ["/usr/bin/xz", "/bin/xz", "/usr/local/bin/xz"].first(where: FileManager.default.isExecutableFile)
    else {
      print("skipped: xz is not installed (apt-get install xz-utils)")
      throw XCTSkip("xz is not installed")
    }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("xz-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let ours = dir.appendingPathComponent("ours.xz")
    try Data(try Xz.compress(lines, effort: .thorough)).write(to: ours)
    let read = try ChildProcess.run(URL(fileURLWithPath: xz), ["-dc", ours.path])
    XCTAssertEqual(read.status, 0, read.stderrText)
    XCTAssertEqual([UInt8](read.stdout), lines)

    let plain = dir.appendingPathComponent("theirs")
    try Data(lines).write(to: plain)
    let made = try ChildProcess.run(URL(fileURLWithPath: xz), ["-k", "-6", plain.path])
    XCTAssertEqual(made.status, 0, made.stderrText)
    let theirs = [UInt8](try Data(contentsOf: dir.appendingPathComponent("theirs.xz")))
    XCTAssertTrue(Xz.isXz(theirs))
    XCTAssertEqual(Xz.decompress(theirs, cap: 1 << 30), lines)
  }
}
