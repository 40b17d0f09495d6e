import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class AtarimaniaCatalogueAssemblyTests: XCTestCase {
  func page(_ name: String, id: String) throws -> AtarimaniaTitlePage {
    try AtarimaniaTitlePage.parse(
      try TestPaths.fixtureBytes("Atarimania/\(name)"), id: id, url: "https://www.atarimania.com/magazines/\(id)")
  }

  func testSlugsKeepNonASCIILettersAndTheIdSeparatesSharedNames() {
    XCTAssertEqual(AtarimaniaCatalogueAssembly.seriesKey(name: "Foo & Bar!", id: "999"), "foo-bar-999")
    XCTAssertEqual(AtarimaniaCatalogueAssembly.seriesKey(name: "Café Club", id: "998"), "café-club-998")
    XCTAssertEqual(AtarimaniaCatalogueAssembly.seriesKey(name: "8:16", id: "118"), "8-16-118")
    XCTAssertEqual(AtarimaniaCatalogueAssembly.seriesKey(name: "--!!--", id: "5"), "atarimania-5")
    XCTAssertNotEqual(
      AtarimaniaCatalogueAssembly.seriesKey(name: "Atari News", id: "9"),
      AtarimaniaCatalogueAssembly.seriesKey(name: "Atari News", id: "34"))
  }

  func testIssuesAreNumberedChronologicallyWithUndatedOnesLastInPageOrder() throws {
    let outcome = AtarimaniaCatalogueAssembly.assemble(
      titles: [try page("title-mixed-dates.html", id: "901")], probes: [:], generated: "2026-11-30")
    let issues = outcome.catalogue.issues
    XCTAssertEqual(issues.map(\.id), ["Foo_01", "Foo_02", "Foo_07", "Foo_special", "Foo_Bar_&_More"])
    XCTAssertEqual(issues.map(\.number), [1, 2, 3, 4, 5])
    XCTAssertEqual(issues.map(\.series), Array(repeating: "foo-bar-901", count: 5))
    XCTAssertEqual(outcome.duplicatesSkipped, 1, "Foo_07 is listed twice; the earlier-sorted one is kept")
    XCTAssertEqual(issues[2].title, "Issue 07")
    XCTAssertEqual(issues[2].cover, "mags/low_res/Foo_07.jpg")
    XCTAssertEqual(issues[2].thumb, issues[2].cover)
  }

  func testUndatedIssuesThatNameAMonthAreOrderedByItAsVintageApplesAre() {
    func issue(_ stem: String, year: Int?, month: Int?, at position: Int) -> AtarimaniaListedIssue {
      AtarimaniaListedIssue(
        pdf: "mags/pdf/\(stem).pdf", stem: stem, cover: nil, label: stem, dateCaption: nil, year: year, month: month,
        position: position)
    }
    let sorted = AtarimaniaCatalogueAssembly.sortedForNumbering([
      issue("Foo_August", year: nil, month: 8, at: 0),
      issue("Foo_1986", year: 1986, month: nil, at: 1),
      issue("Foo_January", year: nil, month: 1, at: 2),
      issue("Foo_special", year: nil, month: nil, at: 3),
    ])
    XCTAssertEqual(sorted.map(\.stem), ["Foo_1986", "Foo_special", "Foo_January", "Foo_August"])
  }

  func testAPDFIsKeptOnceAcrossTheWholeSiteAndTheFirstTitleWins() throws {
    let first = try page("title-mixed-dates.html", id: "901")
    var second = try page("title-mixed-dates.html", id: "902")
    second.name = "Other"
    let outcome = AtarimaniaCatalogueAssembly.assemble(titles: [first, second], probes: [:], generated: "2026-11-30")
    XCTAssertEqual(outcome.catalogue.issues.count, 5)
    XCTAssertEqual(outcome.duplicatesSkipped, 1 + 6)
    XCTAssertEqual(outcome.emptyTitles, ["902"], "a title whose every PDF is already listed gets no series")
    XCTAssertEqual(outcome.catalogue.series.map(\.key), ["foo-bar-901"])
  }

  func testTitlesWithoutAHeadingOrIssuesGetNoSeries() throws {
    let outcome = AtarimaniaCatalogueAssembly.assemble(
      titles: [
        try page("title-no-heading.html", id: "7"), try page("title-no-issues.html", id: "34"),
        try page("title-mixed-dates.html", id: "901"),
      ], probes: [:], generated: "2026-11-30")
    XCTAssertEqual(outcome.untitled, ["7"])
    XCTAssertEqual(outcome.emptyTitles, ["34"])
    XCTAssertEqual(outcome.titlesWithIssues, 1)
    XCTAssertEqual(
      outcome.catalogue.series, [Series(key: "foo-bar-901", name: "Foo &  Bar!", code: "901", language: "en")])
  }

  func testProbesGiveSizesAndANot200ProbeMarksTheIssueDead() throws {
    let probes: [String: SizeProbe] = [
      "mags/pdf/Foo_01.pdf": SizeProbe(status: 200, bytes: 1234),
      "mags/pdf/Foo_02.pdf": SizeProbe(status: 404),
      "mags/pdf/Foo_07.pdf": SizeProbe(status: 403, bytes: 99),
    ]
    let outcome = AtarimaniaCatalogueAssembly.assemble(
      titles: [try page("title-mixed-dates.html", id: "901")], probes: probes, generated: "2026-11-30")
    let byID = Dictionary(uniqueKeysWithValues: outcome.catalogue.issues.map { ($0.id, $0) })
    XCTAssertEqual(byID["Foo_01"]?.bytes, 1234)
    XCTAssertNil(byID["Foo_01"]?.dead)
    XCTAssertEqual(byID["Foo_02"]?.dead, true)
    XCTAssertNil(byID["Foo_02"]?.bytes)
    XCTAssertEqual(byID["Foo_07"]?.dead, true)
    XCTAssertNil(byID["Foo_07"]?.bytes, "a dead file has no size")
    XCTAssertNil(byID["Foo_special"]?.bytes, "no probe: unknown, not dead")
    XCTAssertNil(byID["Foo_special"]?.dead)
    XCTAssertEqual([outcome.dead, outcome.sized], [2, 1])
  }

  func testSeriesAreSortedByCodePointSoAccentedLettersComeAfterZ() {
    var a = AtarimaniaTitlePage(id: "1", name: "Zap", statedCount: nil, issues: [], skipped: [])
    a.issues = [AtarimaniaListedIssue(pdf: "mags/pdf/z.pdf", stem: "z", cover: nil, label: "1", position: 0)]
    var b = AtarimaniaTitlePage(id: "2", name: "éclair", statedCount: nil, issues: [], skipped: [])
    b.issues = [AtarimaniaListedIssue(pdf: "mags/pdf/e.pdf", stem: "e", cover: nil, label: "", position: 0)]
    var c = AtarimaniaTitlePage(id: "3", name: "Alpha", statedCount: nil, issues: [], skipped: [])
    c.issues = [AtarimaniaListedIssue(pdf: "mags/pdf/a.pdf", stem: "a", cover: nil, label: "1", position: 0)]
    let outcome = AtarimaniaCatalogueAssembly.assemble(titles: [a, b, c], probes: [:], generated: "2026-11-30")
    XCTAssertEqual(outcome.catalogue.series.map(\.key), ["alpha-3", "zap-1", "éclair-2"])
    XCTAssertEqual(outcome.catalogue.issues.map(\.id), ["z", "e", "a"], "issues stay in index order")
    XCTAssertEqual(outcome.catalogue.issues[1].title, "e", "an empty label falls back to the stem")
  }

  // MARK: the real pages against the reference catalogue

  func testTheRealPagesBuildWhatTheReferenceShippedForThoseTitles() throws {
    let titles = try [("analog.html", "18"), ("antic.html", "20"), ("page6.html", "12")].map { file, id in
      try AtarimaniaTitlePage.parse(
        try TestPaths.corpus("atarimania/\(file)"), id: id, url: "https://www.atarimania.com/magazines/\(id)")
    }
    let referenceURL = try TestPaths.shared("reference-catalogs/atarimania-catalog.json")
    let reference = try JSONDecoder().decode(IssueCatalogue.self, from: Data(contentsOf: referenceURL))
    var probes: [String: SizeProbe] = [:]
    for issue in reference.issues { probes[issue.zip] = SizeProbe(status: 200, bytes: issue.bytes) }
    let outcome = AtarimaniaCatalogueAssembly.assemble(titles: titles, probes: probes, generated: reference.generated)
    let keys = ["analog-18", "antic-20", "page-6-12"]
    XCTAssertEqual(
      outcome.catalogue.series, reference.series.filter { keys.contains($0.key) }.sorted { $0.key < $1.key })
    let expected = reference.issues.filter { keys.contains($0.series) }
    XCTAssertEqual(outcome.catalogue.issues.count, 79 + 88 + 85)
    XCTAssertEqual(outcome.catalogue.issues, expected)
    XCTAssertEqual(outcome.duplicatesSkipped, 0)
  }

  func testTheRealAnalogPageNumbersYearOnlyIssuesFirstInTheirYear() throws {
    let page = try AtarimaniaTitlePage.parse(
      try TestPaths.corpus("atarimania/analog.html"), id: "18", url: "https://www.atarimania.com/magazines/18")
    let issues = AtarimaniaCatalogueAssembly.assemble(titles: [page], probes: [:], generated: "2026-11-30").catalogue
      .issues
    XCTAssertEqual(
      issues.prefix(5).map(\.id), ["analog_no_03", "analog_no_04", "analog_no_05", "analog_no_01", "analog_no_02"])
    XCTAssertEqual(issues.first?.number, 1)
    XCTAssertNil(issues.first?.month)
    XCTAssertEqual(issues.last?.id, "analog_no_79")
    XCTAssertEqual(issues.last?.number, 79)
  }
}
