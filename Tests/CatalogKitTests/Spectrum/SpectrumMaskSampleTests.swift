import XCTest

@testable import CatalogKit

final class SpectrumMaskSampleTests: XCTestCase {
  private let crash = ZXDBMagazine(
    id: 62, name: "Crash", magtype: "P", language: "en", country: "GB",
    archiveMask: "https://archive.org/download/crash-{i2}/Crash_{i2}_{M3}.pdf")
  private let ace = ZXDBMagazine(
    id: 10, name: "ACE", magtype: "P", language: "en", country: "GB",
    archiveMask: "https://archive.org/download/ace-{i2}/ACE {i2}.pdf")

  func testEachTokenGetsAtMostTwoSamplesPerMagazineInSortedTokenOrder() {
    let issues =
      (1...5).map { ZXDBIssue(id: 100 + $0, magazineID: 62, fields: SpectrumMaskFields(number: $0, month: 1)) }
      + (1...5).map { ZXDBIssue(id: 200 + $0, magazineID: 10, fields: SpectrumMaskFields(number: $0)) }
    let s = SpectrumMaskSample.select(magazines: [crash, ace], issues: issues, perToken: 8)
    XCTAssertEqual(s.map(\.token), ["M3", "M3", "i2", "i2", "i2", "i2"])
    XCTAssertEqual(s.filter { $0.token == "i2" }.map(\.issueID), [201, 202, 101, 102], "magazines by id")
  }

  func testThePerTokenLimitAndDistinctURLsHold() {
    let issues = [
      ZXDBIssue(id: 1, magazineID: 62, fields: SpectrumMaskFields(number: 1, month: 1)),
      ZXDBIssue(id: 2, magazineID: 62, fields: SpectrumMaskFields(number: 1, month: 1)),
      ZXDBIssue(id: 3, magazineID: 62, fields: SpectrumMaskFields(number: 2, month: 1)),
      ZXDBIssue(id: 4, magazineID: 10, fields: SpectrumMaskFields(number: 1)),
    ]
    let s = SpectrumMaskSample.select(magazines: [crash, ace], issues: issues, perToken: 2)
    XCTAssertEqual(s.filter { $0.token == "i2" }.map(\.issueID), [4, 1])
    XCTAssertEqual(s.filter { $0.token == "M3" }.map(\.issueID), [1, 3], "issue 2 repeats issue 1's URL")
  }

  func testIssuesThatCannotExpandArePassedOver() {
    let issues = [
      ZXDBIssue(id: 1, magazineID: 62, fields: SpectrumMaskFields(month: 1)),
      ZXDBIssue(id: 2, magazineID: 62, fields: SpectrumMaskFields(number: 2, month: 1)),
    ]
    XCTAssertEqual(SpectrumMaskSample.select(magazines: [crash], issues: issues, perToken: 8).map(\.issueID), [2, 2])
  }
}
