import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

final class CatalogueEncoderTests: XCTestCase {
  func testEveryReferenceFileInTheCommonEncodingRoundTripsByteForByte() throws {
    var checked = 0
    for url in try CatalogueTestData.referenceFiles() where url.lastPathComponent != "stripovi-catalog.json" {
      let bytes = [UInt8](try Data(contentsOf: url))
      let c = try CatalogueFile.decode(bytes, file: url.lastPathComponent)
      let again = try c.encoded()
      if again != bytes {
        let at = zip(again, bytes).prefix { $0 == $1 }.count
        XCTFail("\(url.lastPathComponent): re-encoding differs from byte \(at) on")
      }
      checked += 1
    }
    XCTAssertEqual(checked, 17, "the 17 reference files written by the reference toolchain")
  }

  /// The shipped Stripovi file was written outside the reference toolchain (1-space indent,
  /// `"key": value`, explicit nulls), so its bytes cannot come back: its content must, and our
  /// re-encoding is the common encoding, stable under a second round trip.
  func testTheLegacyStripoviFileRoundTripsInContentAndReencodesInTheCommonEncoding() throws {
    let (bytes, c) = try CatalogueTestData.reference("stripovi-catalog.json")
    guard case .stripovi(let comics) = c else { return XCTFail("not a Stripovi catalogue") }
    XCTAssertTrue(comics.comics.contains { $0.series == nil }, "null series decodes as absent")
    let ours = try c.encoded()
    XCTAssertNotEqual(ours, bytes)
    let text = String(decoding: ours, as: UTF8.self)
    XCTAssertFalse(text.contains("null"))
    XCTAssertTrue(text.hasPrefix("{\n  \"base\" : \"https://www.stripovi.com/\",\n  \"comics\" : [\n"))
    let back = try CatalogueFile.decode(ours, file: "ours.json")
    XCTAssertEqual(back, c)
    XCTAssertEqual(try back.encoded(), ours)
  }

  func testALegacyFixtureWithNullsDecodesLikeTheCommonEncodingWithoutThem() throws {
    let legacy = try CatalogueFile.decode(
      TestPaths.fixtureBytes("Catalogue/legacy-stripovi-catalogue.json"), file: "legacy-stripovi-catalogue.json")
    guard case .stripovi(let c) = legacy else { return XCTFail("not a Stripovi catalogue") }
    XCTAssertNil(c.comics[0].series)
    XCTAssertNil(c.comics[0].lead)
    XCTAssertEqual(c.comics[1].series, "Niz")
    let common = try legacy.encoded()
    XCTAssertEqual(try CatalogueFile.decode(common, file: "common.json"), legacy)
    XCTAssertFalse(String(decoding: common, as: UTF8.self).contains("\"lead\" : null"))
  }

  func testTheEncoderWritesTheGoldenBytes() throws {
    let golden = try TestPaths.fixtureBytes("Catalogue/golden-issue-catalogue.json")
    var c = CatalogueTestData.retroSpec()
    c.series = [
      Series(key: "SK", name: "Svet kompjutera", code: "SK", language: "serbian"),
      Series(key: "Knjige", name: "Knjige", code: ""),
    ]
    c.issues = [
      Issue(
        id: "SK_84_10", series: "SK", number: 1, title: "Računari \"Svet\" \\ 10\n\u{1F}\u{01}\t\u{2028}\u{7F}/ž",
        year: 1984, month: 10, zip: "SKH/ZIP/1984_10.zip", cover: "SKH/COVER/1984_10.jpg",
        thumb: "SKH/THUMB/1984_10.jpg", bytes: 17_766_642, pages: 84),
      Issue(
        id: "SK_84_11", series: "SK", number: 2, title: "Novembar 1984", zip: "SKH/ZIP/1984_11.zip",
        cover: "SKH/COVER/1984_11.jpg", dead: true),
    ]
    let ours = try CatalogueEncoder.encode(c)
    XCTAssertEqual(String(decoding: ours, as: UTF8.self), String(decoding: golden, as: UTF8.self))
    XCTAssertEqual(ours, golden)
  }

  func testEscapesAreLowercaseHexAndSlashesAndLineSeparatorsStayRaw() throws {
    let c = Series(key: "k", name: "a/b\u{1F}\u{0B}\u{2028}\u{7F}é", code: "")
    let text = String(decoding: try CatalogueEncoder.encode(c), as: UTF8.self)
    XCTAssertTrue(text.contains("\"name\" : \"a/b\\u001f\\u000b\u{2028}\u{7F}é\""), text)
    XCTAssertFalse(text.contains("\\/"))
  }

  func testTheFileEndsWithTheClosingBraceAndNoNewline() throws {
    let bytes = try CatalogueEncoder.encode(CatalogueTestData.ritam())
    XCTAssertEqual(bytes.last, UInt8(ascii: "}"))
    XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains("null"))
  }
}

/// `IssueCatalogueText` writes what Foundation's encoder writes, byte for byte: on every shipped
/// file of the shared shape, on every optional present and absent, on empty lists, and on strings
/// holding every ASCII byte, non-ASCII and the integer edges.
final class IssueCatalogueTextTests: XCTestCase {
  func same(_ c: IssueCatalogue, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let ours = try CatalogueEncoder.encode(c)
    let theirs = try CatalogueEncoder.foundation(c)
    if ours != theirs {
      let at = zip(ours, theirs).prefix { $0 == $1 }.count
      XCTFail(
        "\(what): differs from byte \(at): ours …\(String(decoding: ours.dropFirst(max(0, at - 40)).prefix(80), as: UTF8.self))… "
          + "Foundation …\(String(decoding: theirs.dropFirst(max(0, at - 40)).prefix(80), as: UTF8.self))…",
        file: file, line: line)
    }
  }

  func testEveryShippedFileOfTheSharedShapeIsWrittenAsFoundationWritesIt() throws {
    var checked = 0
    for url in try CatalogueTestData.referenceFiles() {
      let c = try CatalogueFile.decode([UInt8](try Data(contentsOf: url)), file: url.lastPathComponent)
      guard case .issue(let issues) = c else { continue }
      try same(issues, url.lastPathComponent)
      checked += 1
    }
    XCTAssertGreaterThanOrEqual(checked, 14, "the shared-shape reference files")
  }

  func testEveryFieldPresentOrAbsentEmptyListsAndHostileStrings() throws {
    try same(IssueCatalogue(generated: "2026-12-01", base: "", series: [], issues: []), "empty lists")
    let everyASCII = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
    let strings = [
      "", everyASCII, "Računari \"Svet\" \\ 10/ž", "\u{2028}\u{2029}\u{FEFF}😀", "a/b\\/c", "\u{7F}\u{80}é",
    ]
    var issues: [Issue] = []
    for (n, s) in strings.enumerated() {
      for mask in 0..<64 {
        issues.append(
          Issue(
            id: "id\(n)-\(mask)" + s, series: s, number: [0, -1, Int.max, Int.min, 7][mask % 5], title: s,
            year: mask & 1 != 0 ? 1984 : nil, month: mask & 2 != 0 ? [1, 12, -3][n % 3] : nil, zip: s + "/f.zip",
            cover: mask & 4 != 0 ? s : nil, thumb: mask & 8 != 0 ? s : nil,
            bytes: mask & 16 != 0 ? [Int64.max, 0, -5, 1_000_000][n % 4] : nil, pages: mask & 32 != 0 ? 36 : nil,
            dead: mask & 32 != 0 ? (mask & 1 == 0) : nil))
      }
    }
    let series = strings.enumerated().map { n, s in
      Series(key: "k\(n)" + s, name: s, code: s, language: n % 2 == 0 ? s : nil)
    }
    try same(IssueCatalogue(version: 1, generated: everyASCII, base: everyASCII, series: series, issues: issues), "all")
    try same(IssueCatalogue(generated: "g", base: "b", series: series, issues: []), "no issues")
    try same(IssueCatalogue(generated: "g", base: "b", series: [], issues: Array(issues.prefix(3))), "no series")
  }
}
