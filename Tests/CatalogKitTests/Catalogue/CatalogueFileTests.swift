import CatalogKit
import XCTest

final class CatalogueFileTests: XCTestCase {
  private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

  func testTheShapeIsDetectedByTheKeysTheShapesDoNotShare() throws {
    let issue = try CatalogueEncoder.encode(CatalogueTestData.retroSpec())
    let popboks = try CatalogueEncoder.encode(CatalogueTestData.ritam())
    let stripovi = try CatalogueEncoder.encode(CatalogueTestData.stripovi())
    XCTAssertEqual(try CatalogueFile.decode(issue, file: "a.json").shape, .issue)
    XCTAssertEqual(try CatalogueFile.decode(popboks, file: "b.json").shape, .popboks)
    XCTAssertEqual(try CatalogueFile.decode(stripovi, file: "c.json").shape, .stripovi)
    XCTAssertEqual(
      try CatalogueFile.decode(PopBoksCatalogue.self, from: popboks, file: "b.json"), CatalogueTestData.ritam())
  }

  func testANewerVersionIsRefusedWithAMessageNamingTheFile() {
    let newer = #"{"base":"","generated":"2030-01-01","issues":[],"series":[],"version":2,"shelves":[]}"#
    XCTAssertThrowsError(try CatalogueFile.decode(bytes(newer), file: "catalogs/future.json")) { e in
      XCTAssertEqual(e as? CatalogueFileError, .newerVersion(file: "catalogs/future.json", version: 2, newest: 1))
      XCTAssertEqual(
        "\(e)",
        "catalogs/future.json: catalogue version 2 is newer than this toolchain reads (up to 1); update Shelfmark to read it"
      )
    }
  }

  func testAMissingFieldIsNamedByItsPath() {
    let broken =
      #"{"base":"","generated":"2026-01-01","series":[{"key":"a","name":"A","code":""}],"issues":[{"id":"x","series":"a","number":1,"zip":"z"}],"version":1}"#
    XCTAssertThrowsError(try CatalogueFile.decode(bytes(broken), file: "x.json")) { e in
      XCTAssertEqual("\(e)", "x.json: not a valid issue catalogue: issues[0]: missing required key 'title'")
    }
  }

  func testNonJSONAndNonObjectsAndFilesWithoutAVersionAreRefused() {
    XCTAssertThrowsError(try CatalogueFile.decode(bytes("<html>"), file: "a.json")) { e in
      guard case .notJSON(let f, _) = e as? CatalogueFileError else { return XCTFail("\(e)") }
      XCTAssertEqual(f, "a.json")
    }
    XCTAssertThrowsError(try CatalogueFile.decode(bytes("[1,2]"), file: "b.json")) { e in
      XCTAssertEqual(e as? CatalogueFileError, .notAnObject(file: "b.json"))
    }
    XCTAssertThrowsError(try CatalogueFile.decode(bytes(#"{"issues":[]}"#), file: "c.json")) { e in
      XCTAssertEqual(e as? CatalogueFileError, .missingVersion(file: "c.json"))
    }
    XCTAssertThrowsError(try CatalogueFile.decode([], file: "d.json"))
  }

  func testAFileOfAnotherShapeThanExpectedIsAnError() throws {
    let popboks = try CatalogueEncoder.encode(CatalogueTestData.ritam())
    XCTAssertThrowsError(try CatalogueFile.decode(IssueCatalogue.self, from: popboks, file: "p.json")) { e in
      XCTAssertEqual("\(e)", "p.json: expected an issue catalogue, found a PopBoks one")
    }
  }
}
