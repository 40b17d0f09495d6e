import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

/// The one-pass reader must read every file exactly as the strict scan plus `JSONDecoder` did: the
/// same values when it reads one, and nothing (so the old reading names the trouble) otherwise.
final class CatalogueReadingTests: XCTestCase {
  /// What a reading gives, comparable: the catalogue, or the error's words.
  private enum Outcome: Equatable {
    case read(AnyCatalogue)
    case refused(String)
  }

  private func outcome(_ body: () throws(CatalogueFileError) -> AnyCatalogue) -> Outcome {
    do {
      return .read(try body())
    } catch {
      return .refused(error.description)
    }
  }

  private func assertSameAsBefore(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    let bytes = Array(text.utf8)
    XCTAssertEqual(
      outcome { () throws(CatalogueFileError) in try CatalogueFile.decode(bytes, file: "f.json") },
      outcome { () throws(CatalogueFileError) in try CatalogueFile.decodeScanned(bytes, file: "f.json") },
      text, file: file, line: line)
  }

  func testEveryShippedCatalogueReadsInOnePassToTheSameValues() throws {
    let folder = TestPaths.packageRoot.appendingPathComponent("catalogs")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
    XCTAssertEqual(names.count, 18)
    var shapes = Set<CatalogueShape>()
    for name in names {
      let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
      let fast = try XCTUnwrap(CatalogueReading.read(bytes), "\(name) fell back to the slow reading")
      XCTAssertEqual(fast, try CatalogueFile.decodeScanned(bytes, file: name), name)
      shapes.insert(fast.shape)
    }
    XCTAssertEqual(shapes, Set(CatalogueShape.allCases))
  }

  func testOddButValidFilesReadAlike() {
    let issue = #"{"id":"1","series":"s","number":1,"title":"T","zip":"a.zip""#
    for doc in [
      // Optionals as null, absent, present; unknown keys of every kind, numbers under rules included.
      #"{"version":1,"generated":"2026-01-01","base":"","series":[{"key":"s","name":"S","code":"","language":null}],"issues":[\#(issue),"year":null,"month":3,"dead":false,"bytes":0,"extra":{"deep":[1,2,{"width":7}]},"rows":5}]}"#,
      // Keys in another order, with a shape key first; escapes and non-ASCII text.
      #"{"magazine":"ritam","issues":[{"rows":1,"columns":2,"pages":3,"firstPage":4,"year":1990,"label":"\u00e9\n","title":"\ud83d\ude00 x","number":-2,"id":9}],"base":"b/","generated":"g","version":0}"#,
      #"{"comics":[{"id":1,"title":"t","series":null,"number":1,"pages":2,"cover":"c","creators":"","date":"d","lead":"\"l\"","dir":"d","prefix":"p","width":3,"ext":"jpg"}],"base":"","generated":"g","version":1}"#,
      // More than 16 keys in one object: duplicates are then found by hashing.
      #"{"version":1,"generated":"g","base":"","series":[],"issues":[\#(issue),"a1":1,"a2":2,"a3":3,"a4":4,"a5":5,"a6":6,"a7":7,"a8":8,"a9":9,"b1":1,"b2":2,"b3":3,"b4":4,"b5":5,"b6":6,"b7":7}]}"#,
      // Whitespace everywhere the grammar allows it.
      " \n{ \"version\" : 1 ,\r\n\t\"generated\":\"g\", \"base\" : \"\" , \"series\" : [ ] , \"issues\" : [ ] } \n",
      // A newer version is read and then refused, as before.
      #"{"version":2,"generated":"g","base":"","series":[],"issues":[]}"#,
    ] {
      assertSameAsBefore(doc)
      XCTAssertNotNil(CatalogueReading.read(Array(doc.utf8)), doc)
    }
  }

  func testFilesThatAreNotPlainCataloguesAreLeftToTheOldReading() {
    let head = #"{"version":1,"generated":"g","base":"","series":[],"issues":["#
    let issue = #"{"id":"1","series":"s","number":1,"title":"T","zip":"a.zip""#
    for doc in [
      head + issue + #","title":"again"}]}"#,  // a duplicate key in a record
      head + issue + #"}],"base":"x"}"#,  // a duplicate key at the top
      head + #"{"id":"1","series":"s","number":1,"title":5,"zip":"a.zip"}]}"#,  // a field of another type
      head + #"{"id":"1","series":"s","number":1,"zip":"a.zip"}]}"#,  // a missing field
      head + issue + #","bytes":-1}]}"#,  // a negative size
      head + issue + #","number2":1.5,"pages":1.5}]}"#,  // a fraction where a count goes
      head + issue + #","width":-1}]}"#,  // an unknown field the scan still checks
      head + issue + "}]} x",  // something after the value
      "\u{FEFF}" + head + issue + "}]}",  // a byte-order mark
      head + issue + ",\"cover\":\"a\u{01}b\"}]}",  // a raw control character
      head + issue + #","x":"# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}]}",
      head + issue + #","dead":1}]}"#,  // a flag that is not a boolean
      #"{"generated":"g","base":"","series":[],"issues":[]}"#,  // no version
      "[]", "", "{", "nul",
    ] {
      XCTAssertNil(CatalogueReading.read(Array(doc.utf8)), doc)
      assertSameAsBefore(doc)
    }
    // Bad UTF-8 inside a string.
    var bad = Array((head + issue + #","cover":"ab"}]}"#).utf8)
    if let at = bad.lastIndex(of: UInt8(ascii: "b")) { bad[at] = 0xC0 }
    XCTAssertNil(CatalogueReading.read(bad))
  }

  /// Every one-byte change of a small file of each shape reads the same as before: the same value,
  /// or the same error message.
  func testEveryOneByteMutationReadsAsBefore() throws {
    let docs = [
      #"{"base":"","generated":"2026-01-01","issues":[{"bytes":12,"cover":"c.jpg","id":"a1","month":null,"number":1,"series":"s","title":"Tí\n","zip":"a.zip"}],"series":[{"code":"S","key":"s","name":"S"}],"version":1}"#,
      #"{"base":"b/","generated":"g","issues":[{"columns":2,"firstPage":4,"id":9,"label":"l","number":1,"pages":3,"rows":1,"title":"t","year":1990}],"magazine":"ritam","version":1}"#,
      #"{"base":"","comics":[{"cover":"c","creators":"","date":"d","dir":"d","ext":"jpg","id":1,"number":1,"pages":2,"prefix":"p","title":"t","width":3}],"generated":"g","version":1}"#,
    ]
    let replacements: [UInt8] = Array(#" "{}[],:0-9.enul\tx"#.utf8) + [0x80, 0xE2]
    var checked = 0
    for doc in docs {
      let original = Array(doc.utf8)
      for at in original.indices {
        var deleted = original
        deleted.remove(at: at)
        var variants = [deleted]
        for r in replacements where r != original[at] {
          var v = original
          v[at] = r
          variants.append(v)
        }
        for v in variants {
          XCTAssertEqual(
            outcome { () throws(CatalogueFileError) in try CatalogueFile.decode(v, file: "f.json") },
            outcome { () throws(CatalogueFileError) in try CatalogueFile.decodeScanned(v, file: "f.json") },
            String(decoding: v, as: UTF8.self))
          checked += 1
        }
      }
    }
    XCTAssertGreaterThan(checked, 5_000)
  }
}
