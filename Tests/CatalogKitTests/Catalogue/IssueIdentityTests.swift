import CatalogKit
import Foundation
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

  func testTheFastFoldEqualsTheScalarByScalarFoldOnEveryKindOfTitle() {
    var samples = [
      "Oktobar 1984", "SK_84_10 / Vol.2 (1981)", "  Računari  №5: ĐORĐE & Šime! ", "İstanbul KELVIN\u{212A}",
      "ǅemal ½ ² ٣ ① Ⅻ", "e\u{301}\u{20DD}x", "ß ﬁ ΣΑΣ", "日本語 テスト", "😀a😀", "\u{0}\u{1F}\u{7F}", "",
    ]
    var generator = SystemRandomNumberGenerator()
    let pool = Array("aZ09 -_.:/ŠđĐéÉ№½٣ßﬁİ\u{301}\u{212A}日😀\t".unicodeScalars)
    for _ in 0..<300 {
      var u = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...24, using: &generator) {
        u.append(pool[Int.random(in: 0..<pool.count, using: &generator)])
      }
      samples.append(String(u))
    }
    for s in samples { XCTAssertEqual(IssueIdentity.foldTitle(s), referenceFold(s), s.debugDescription) }
  }

  /// The fold as first written: every scalar's Unicode properties asked.
  private func referenceFold(_ title: String) -> String {
    let lowered = title.lowercased().decomposedStringWithCanonicalMapping
    var out = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in lowered.unicodeScalars {
      let p = scalar.properties
      if p.generalCategory == .nonspacingMark || p.generalCategory == .enclosingMark
        || p.generalCategory == .spacingMark
      {
        continue
      }
      let mapped: Unicode.Scalar = scalar == "đ" ? "d" : scalar
      if mapped.properties.isAlphabetic || mapped.properties.numericType == .decimal {
        if pendingSpace && !out.isEmpty { out.append(" ") }
        pendingSpace = false
        out.append(mapped)
      } else {
        pendingSpace = true
      }
    }
    return String(out)
  }
}
