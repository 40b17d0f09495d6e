import CatalogKit
import XCTest

final class IssueIdentityTests: XCTestCase {
  func testTitlesFoldToLowercaseLettersDigitsAndSingleSpaces() {
    XCTAssertEqual(IssueIdentity.foldTitle("  Računari  №5: ĐORĐE & Šime! "), "racunari 5 dorde sime")
    XCTAssertEqual(IssueIdentity.foldTitle("Vol 2 No. 1 1981 Feb"), "vol 2 no 1 1981 feb")
    XCTAssertEqual(IssueIdentity.foldTitle("Café—crème"), "cafe creme")
    XCTAssertEqual(IssueIdentity.foldTitle("---"), "")
  }

  func testTheKeyJoinsFiveTermsWithTheUnitSeparator() {
    XCTAssertEqual(
      IssueIdentity.key(
        site: "retrospec", code: "SK_84_10", number: 1, title: "Oktobar 1984", series: "Svet kompjutera"),
      "retrospec\u{1F}SK_84_10\u{1F}1\u{1F}oktobar 1984\u{1F}Svet kompjutera")
    XCTAssertEqual(
      IssueIdentity.key(site: "s", code: nil, number: nil, title: "T", series: nil), "s\u{1F}\u{1F}-1\u{1F}t\u{1F}")
  }

  func testTheRecordIsTheHexSHA256OfTheKey() {
    XCTAssertEqual(
      IssueIdentity.record(
        site: "retrospec", code: "SK_84_10", number: 1, title: "Oktobar 1984", series: "Svet kompjutera"),
      "7fc90a945d272953a82d6dac6bff028cea4d9ba94f8c8188316dce4455a73980")
  }

  func testIssuesUseTheSeriesNameAndCollisionsAreGrouped() {
    var c = CatalogueTestData.retroSpec()
    XCTAssertEqual(IssueIdentity.collisions(IssueIdentity.records(of: c, site: "retrospec")), [])
    let records = IssueIdentity.records(of: c, site: "retrospec")
    XCTAssertEqual(
      records[0].record,
      IssueIdentity.record(
        site: "retrospec", code: "SK_84_10", number: 1, title: "Oktobar 1984", series: "Svet kompjutera"))
    c.issues[1].id = c.issues[0].id
    c.issues[1].number = 1
    c.issues[1].title = "OKTOBAR, 1984"
    XCTAssertEqual(
      IssueIdentity.collisions(IssueIdentity.records(of: c, site: "retrospec")), [["SK_84_10", "SK_84_10"]])
  }
}
