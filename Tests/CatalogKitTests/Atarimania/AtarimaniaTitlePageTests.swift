import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class AtarimaniaTitlePageTests: XCTestCase {
  func fixture(_ name: String, id: String = "901") throws -> AtarimaniaTitlePage {
    try AtarimaniaTitlePage.parse(
      try TestPaths.fixtureBytes("Atarimania/\(name)"), id: id, url: "https://www.atarimania.com/magazines/\(id)")
  }

  func testOnlyListItemsLinkingAPDFAreIssues() throws {
    let page = try fixture("title-mixed-dates.html")
    XCTAssertEqual(
      page.issues.map(\.stem), ["Foo_07", "Foo_01", "Foo_special", "Foo_02", "Foo_07", "Foo_Bar_&_More"])
    XCTAssertEqual(page.issues.map(\.position), Array(0..<6))
    XCTAssertEqual(page.statedCount, 7)
  }

  func testTheHeadingKeepsItsInnerWhitespaceButDecodesEntities() throws {
    XCTAssertEqual(try fixture("title-mixed-dates.html").name, "Foo &  Bar!")
  }

  func testAPDFOnAnotherHostIsLeftOutAndReported() throws {
    let page = try fixture("title-mixed-dates.html")
    XCTAssertFalse(page.issues.contains { $0.stem == "Foo_mirror" })
    XCTAssertEqual(page.skipped.count, 1)
    XCTAssertTrue(page.skipped[0].contains("files.example.net"), page.skipped[0])
  }

  func testTheCoverLosesItsQueryAndARelativePDFLinkIsTheSameFile() throws {
    let page = try fixture("title-mixed-dates.html")
    XCTAssertEqual(page.issues[0].cover, "mags/low_res/Foo_07.jpg")
    XCTAssertEqual(page.issues[0].pdf, "mags/pdf/Foo_07.pdf")
    XCTAssertEqual(page.issues[4].pdf, "mags/pdf/Foo_07.pdf")
    XCTAssertEqual(page.issues[4].cover, "mags/low_res/Foo_07b.jpg")
    XCTAssertNil(page.issues[5].cover)
    XCTAssertEqual(page.issues[5].pdf, "mags/pdf/Foo_Bar_&_More.pdf", "the href's &amp; is decoded")
  }

  func testLabelsAndDatesComeFromTheCaptions() throws {
    let issues = try fixture("title-mixed-dates.html").issues
    XCTAssertEqual(issues[0].label, "Issue 07")
    XCTAssertEqual([issues[0].year, issues[0].month], [1986, 7], "two months: the first one")
    XCTAssertEqual([issues[1].year, issues[1].month], [1985, nil], "a bare year gives no month")
    XCTAssertEqual([issues[2].year, issues[2].month], [nil, nil], "an empty caption gives neither")
    XCTAssertNil(issues[2].dateCaption)
    XCTAssertEqual([issues[3].year, issues[3].month], [1985, 12], "the earliest month and the first year")
  }

  func testAnEmptyLabelCaptionIsDroppedSoTheDateBecomesTheLabel() throws {
    let issue = try fixture("title-mixed-dates.html").issues[5]
    XCTAssertEqual(issue.label, "may & june 1987")
    XCTAssertNil(issue.year)
    XCTAssertNil(issue.month)
  }

  func testAPageWithoutAHeadingHasNoName() throws {
    let page = try fixture("title-no-heading.html")
    XCTAssertNil(page.name)
    XCTAssertEqual(page.issues, [])
  }

  func testAPageWithAHeadingAndNoIssuesIsAnEmptyTitle() throws {
    let page = try fixture("title-no-issues.html", id: "34")
    XCTAssertEqual(page.name, "Atari News")
    XCTAssertEqual(page.issues, [])
    XCTAssertEqual(page.statedCount, 0)
  }

  func testAChallengePageIsNeverParsedAsAnEmptyTitle() throws {
    for name in ["challenge-just-a-moment.html", "challenge-security-checkpoint.html"] {
      XCTAssertThrowsError(try fixture(name, id: "20"), name) { error in
        guard case .challenge(let url, let evidence)? = error as? AtarimaniaError else {
          return XCTFail("\(name): \(error)")
        }
        XCTAssertEqual(url, "https://www.atarimania.com/magazines/20")
        XCTAssertFalse(evidence.isEmpty)
        XCTAssertTrue("\(error)".contains("challenge"))
      }
    }
  }

  func testAPageWithoutHeadingIssuesOrSiteMarkupIsTreatedAsAChallenge() {
    let page = Array("<!DOCTYPE html><html><body><p>One moment, please.</p></body></html>".utf8)
    XCTAssertThrowsError(try AtarimaniaTitlePage.parse(page, id: "20", url: "u")) { error in
      XCTAssertEqual(
        error as? AtarimaniaError,
        .challenge(url: "u", evidence: "no heading, no issues and none of the site's own markup"))
    }
  }

  func testATruncatedPageIsAnErrorNotAShortTitle() throws {
    XCTAssertThrowsError(try fixture("title-truncated.html")) { error in
      XCTAssertEqual(
        error as? AtarimaniaError, .truncated(url: "https://www.atarimania.com/magazines/901", bytes: 1500))
      XCTAssertTrue("\(error)".contains("without its closing </html>"))
    }
  }

  func testAnEmptyAnswerIsNotAPage() {
    XCTAssertThrowsError(try AtarimaniaTitlePage.parse([], id: "1", url: "u")) { error in
      XCTAssertEqual(error as? AtarimaniaError, .notHTML(url: "u"))
    }
  }

  // MARK: the real pages

  func real(_ file: String, id: String) throws -> AtarimaniaTitlePage {
    try AtarimaniaTitlePage.parse(
      try TestPaths.corpus("atarimania/\(file)"), id: id, url: "https://www.atarimania.com/magazines/\(id)")
  }

  func testTheRealAnalogPageListsSeventyNineIssues() throws {
    let page = try real("analog.html", id: "18")
    XCTAssertEqual(page.name, "ANALOG")
    XCTAssertEqual(page.statedCount, 79)
    XCTAssertEqual(page.issues.count, 79)
    XCTAssertEqual(
      page.issues.first,
      AtarimaniaListedIssue(
        pdf: "mags/pdf/analog_no_01.pdf", stem: "analog_no_01", cover: "mags/low_res/analog_no_01.jpg", label: "01",
        dateCaption: "January / February - 1981", year: 1981, month: 1, position: 0))
    let third = page.issues[2]
    XCTAssertEqual([third.label, third.dateCaption], ["03", "1981"])
    XCTAssertNil(third.month)
    let last = try XCTUnwrap(page.issues.last)
    XCTAssertEqual(last.stem, "analog_no_79")
    XCTAssertEqual(last.dateCaption, "December - 1989")
    XCTAssertEqual([last.year, last.month], [1989, 12])
    XCTAssertEqual(page.skipped, [])
  }

  func testTheRealAnticPageListsEightyEightIssues() throws {
    let page = try real("antic.html", id: "20")
    XCTAssertEqual(page.name, "Antic")
    XCTAssertEqual(page.issues.count, 88)
    XCTAssertEqual(page.statedCount, 88)
    XCTAssertEqual(page.issues.first?.label, "Vol. 1 - No. 01")
    XCTAssertEqual(page.issues.first?.cover, "mags/low_res/Antic_Vol_1_No_1.jpg")
    XCTAssertEqual([page.issues.first?.year, page.issues.first?.month], [1982, 4])
    XCTAssertEqual(page.issues.last?.stem, "Antic_Vol_9_No_2")
    XCTAssertEqual([page.issues.last?.year, page.issues.last?.month], [1990, 6])
    let v5n1 = try XCTUnwrap(page.issues.first { $0.stem == "Antic_Vol_5_No_1" })
    XCTAssertEqual(v5n1.dateCaption, "May - 1986")
  }

  func testTheRealPage6PageHasSeasonCaptionsWithoutAMonth() throws {
    let page = try real("page6.html", id: "12")
    XCTAssertEqual(page.name, "Page 6")
    XCTAssertEqual(page.issues.count, 85)
    XCTAssertEqual(page.issues.first?.dateCaption, "December / January - 1982")
    XCTAssertEqual(page.issues.first?.month, 12)
    let autumn = try XCTUnwrap(page.issues.last)
    XCTAssertEqual(autumn.stem, "page-6-issue-85")
    XCTAssertEqual(autumn.dateCaption, "Autumn - 1998")
    XCTAssertEqual([autumn.year, autumn.month], [1998, nil])
  }

  func testNoRealPageLooksLikeAChallenge() throws {
    try TestPaths.requireCorpus()
    for file in ["index.html", "analog.html", "antic.html", "page6.html"] {
      XCTAssertNil(AtarimaniaChallenge.evidence(status: 200, body: try TestPaths.corpus("atarimania/\(file)")), file)
    }
  }

  /// The pages searched on their bytes give what Foundation's searches gave: every `<li` item, and
  /// every paragraph, on the fixtures, the real pages when present, and markup with accented text,
  /// upper-case tags and a cut end.
  func testItemsAndParagraphsFoundOnBytesAreFoundationsOwn() throws {
    var texts: [String] = [
      "", "<li", "<ul><li>a</li><li class=\"x\">b<li>c", "Zürich <p>première</p><p> </p><P>upper</P><p>ß",
      "<p\n class=\"a\">Æ 12 ISSUES</p><path d=\"M0\"/><p>79 ISSUES</p>", "<li>ñ<p>x</p></li><li><p>y",
    ]
    for name in ["title-mixed-dates.html", "title-template.html", "title-no-heading.html", "index-three-titles.html"] {
      texts.append(String(decoding: try TestPaths.fixtureBytes("Atarimania/\(name)"), as: UTF8.self))
    }
    // The real pages too, where the shared corpus is present (the fixtures stand alone without it).
    if let root = TestPaths.shared, FileManager.default.fileExists(atPath: root.path + "/corpus/atarimania") {
      for file in ["index.html", "analog.html", "antic.html", "page6.html"] {
        texts.append(String(decoding: try TestPaths.corpus("atarimania/\(file)"), as: UTF8.self))
      }
    }
    for (n, text) in texts.enumerated() {
      XCTAssertEqual(
        AtarimaniaTitlePage.items(in: text).map(String.init), Array(text.components(separatedBy: "<li").dropFirst()),
        "text \(n)")
      XCTAssertEqual(AtarimaniaPage.paragraphs(in: text[...]), foundationParagraphs(text[...]), "text \(n)")
    }
  }

  /// `AtarimaniaPage.paragraphs` as it was written with Foundation's `range(of:)`.
  private func foundationParagraphs(_ s: Substring) -> [String] {
    var out: [String] = []
    var rest = s
    while let open = rest.range(of: "<p") {
      guard let next = rest[open.upperBound...].first else { break }
      rest = rest[open.upperBound...]
      guard next == ">" || next == " " || next == "\t" || next == "\n" || next == "\r" else { continue }
      guard let tagEnd = rest.firstIndex(of: ">") else { break }
      let body = rest[rest.index(after: tagEnd)...]
      guard let close = body.range(of: "</p>") else { break }
      let inner = MarkupText.inner(body[..<close.lowerBound])
      if !inner.isEmpty { out.append(inner) }
      rest = body[close.upperBound...]
    }
    return out
  }
}
