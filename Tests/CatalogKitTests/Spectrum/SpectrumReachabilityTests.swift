import XCTest

@testable import CatalogKit

final class SpectrumReachabilityTests: XCTestCase {
  func testEachStepTowardsADownloadIsCountedPerMagazineType() {
    let magazines = [
      ZXDBMagazine(
        id: 1, name: "Crash", magtype: "P", language: "en", country: "GB",
        archiveMask: "https://archive.org/download/crash-{i2}/Crash{i2}.pdf"),
      ZXDBMagazine(id: 2, name: "Local", magtype: "P", language: "en", country: "GB", archiveMask: "/pub/x/{i3}.zip"),
      ZXDBMagazine(id: 3, name: "No mask", magtype: nil, language: nil, country: nil, archiveMask: nil),
    ]
    let issues = [
      ZXDBIssue(id: 10, magazineID: 1, fields: SpectrumMaskFields(number: 5)),
      ZXDBIssue(id: 11, magazineID: 1, fields: SpectrumMaskFields()),
      ZXDBIssue(id: 12, magazineID: 2, fields: SpectrumMaskFields(number: 7)),
      ZXDBIssue(id: 13, magazineID: 3, fields: SpectrumMaskFields(number: 1)),
      ZXDBIssue(id: 14, magazineID: 99, fields: SpectrumMaskFields(number: 1)),
    ]
    let rows = SpectrumReachability.byType(magazines: magazines, issues: issues)
    let paper = rows["P"]
    XCTAssertEqual(paper?.magazines, 2)
    XCTAssertEqual(paper?.issues, 3)
    XCTAssertEqual(paper?.withMask, 3)
    XCTAssertEqual(paper?.expanded, 2, "an issue without a number does not expand {i2}")
    XCTAssertEqual(paper?.archiveOrg, 1, "/pub/ expands but is not an archive.org download")
    XCTAssertEqual(rows["?"]?.issues, 1)
    XCTAssertEqual(rows["?"]?.withMask, 0)
  }
}
