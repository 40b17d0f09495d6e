import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class VintageAppleCatalogueAssemblyTests: XCTestCase {
  let foo = VintageAppleSection(group: .magazines, slug: "foo", name: "Foo Magazine")

  func rows(_ name: String) throws -> [VintageAppleRow] {
    try VintageAppleSectionPage.parse(
      try TestPaths.fixtureBytes("VintageApple/\(name)"), url: "https://vintageapple.org/foo/")
  }

  func testTheSixteenSectionsSplitSixMagazinesAndTenBooks() {
    XCTAssertEqual(VintageAppleSection.all.count, 16)
    XCTAssertEqual(
      VintageAppleGroup.magazines.sections.map(\.slug),
      ["byte", "macworld", "macuser", "pcworld", "softalk", "develop"])
    XCTAssertEqual(VintageAppleGroup.books.sections.count, 10)
    XCTAssertEqual(Set(VintageAppleSection.all.map(\.slug)).count, 16)
    XCTAssertTrue(VintageAppleSection.excludedSlugs.isDisjoint(with: VintageAppleSection.all.map(\.slug)))
  }

  func testRowsAreDeduplicatedThenNumberedChronologicallyWithUndatedLast() throws {
    let outcome = VintageAppleCatalogueAssembly.assemble(
      listings: [.init(section: foo, rows: try rows("section-mixed-dates.html"))], probes: [:], generated: "2026-11-30")
    let issues = outcome.catalogue.issues
    XCTAssertEqual(outcome.duplicatesSkipped, 1)
    XCTAssertEqual(
      issues.map(\.id),
      [
        "foo/198106_Foo_Magazine_Vol_06-06", "foo/Foo_198313", "foo/Foo_9002_Special", "foo/Foo_8404_April_1984",
        "foo/Foo_8411_v2", "foo/Foo_Summer_Special_September_and_June", "foo/Zen_&_the_Art_1986", "foo/Foo_Annual",
        "foo/198203_Foo_Undated_Stamp",
      ])
    XCTAssertEqual(issues.map(\.number), Array(1...9))
    XCTAssertEqual(issues[3].title, "Foo 8404 April 1984", "the first of the two rows wins")
    XCTAssertEqual(issues[3].zip, "foo/pdf/Foo_8404_April_1984.pdf")
    XCTAssertEqual(issues[3].cover, "foo/thumb/Foo_8404_April_1984.jpg")
    XCTAssertEqual(issues[3].thumb, issues[3].cover)
    XCTAssertEqual(outcome.catalogue.series, [Series(key: "foo", name: "Foo Magazine", code: "foo", language: "en")])
    XCTAssertEqual(outcome.catalogue.base, "https://vintageapple.org/")
  }

  func testASectionWithNoRowsIsSkippedAndReported() throws {
    let outcome = VintageAppleCatalogueAssembly.assemble(
      listings: [
        .init(section: foo, rows: []),
        .init(section: VintageAppleSection.all[0], rows: try rows("section-mixed-dates.html")),
      ],
      probes: [:], generated: "2026-11-30")
    XCTAssertEqual(outcome.emptySections, [foo])
    XCTAssertEqual(outcome.catalogue.series.map(\.key), ["byte"])
  }

  func testProbesGiveSizesAndOnlyANot200ProbeMarksAFileDead() throws {
    let outcome = VintageAppleCatalogueAssembly.assemble(
      listings: [.init(section: foo, rows: try rows("section-mixed-dates.html"))],
      probes: [
        "foo/pdf/Foo_8404_April_1984.pdf": SizeProbe(status: 200, bytes: 37_120_139),
        "foo/pdf/Foo_Annual.pdf": SizeProbe(status: 404),
      ], generated: "2026-11-30")
    let byID = Dictionary(uniqueKeysWithValues: outcome.catalogue.issues.map { ($0.id, $0) })
    XCTAssertEqual(byID["foo/Foo_8404_April_1984"]?.bytes, 37_120_139)
    XCTAssertEqual(byID["foo/Foo_Annual"]?.dead, true)
    XCTAssertNil(byID["foo/Foo_Annual"]?.bytes)
    XCTAssertNil(byID["foo/Foo_8411_v2"]?.dead)
    XCTAssertEqual([outcome.dead, outcome.sized], [1, 1])
    XCTAssertEqual(outcome.totalBytes, 37_120_139)
  }

  func testSeriesAreSortedByKeyWhileIssuesFollowTheConfigurationOrder() throws {
    let a = VintageAppleSection(group: .books, slug: "macbooks", name: "Mac Books")
    let b = VintageAppleSection(group: .books, slug: "apple_ii", name: "Apple II Books")
    let row = VintageAppleRow(
      pdf: "pdf/x.pdf", thumb: "thumb/x.jpg", title: "X", year: nil, month: nil, position: 0, line: 1)
    let outcome = VintageAppleCatalogueAssembly.assemble(
      listings: [.init(section: a, rows: [row]), .init(section: b, rows: [row])], probes: [:], generated: "2026-11-30")
    XCTAssertEqual(outcome.catalogue.series.map(\.key), ["apple_ii", "macbooks"])
    XCTAssertEqual(
      outcome.catalogue.issues.map(\.id), ["macbooks/x", "apple_ii/x"],
      "the same file name in two sections is two files")
    XCTAssertEqual(outcome.duplicatesSkipped, 0)
  }

  // MARK: the real pages against the reference catalogues

  func testTheRealPagesBuildWhatTheReferenceShippedForThoseSections() throws {
    for (group, slugs) in [(VintageAppleGroup.magazines, ["byte", "macworld", "softalk"]), (.books, ["macbooks"])] {
      let referenceURL = try TestPaths.shared("reference-catalogs/\(group.catalogueFile)")
      let reference = try JSONDecoder().decode(IssueCatalogue.self, from: Data(contentsOf: referenceURL))
      var probes: [String: SizeProbe] = [:]
      for issue in reference.issues { probes[issue.zip] = SizeProbe(status: 200, bytes: issue.bytes) }
      let listings = try group.sections.filter { slugs.contains($0.slug) }.map { section in
        VintageAppleCatalogueAssembly.Listing(
          section: section,
          rows: try VintageAppleSectionPage.parse(
            try TestPaths.corpus("vintageapple/\(section.slug).html"), url: "https://vintageapple.org/\(section.slug)/")
        )
      }
      let outcome = VintageAppleCatalogueAssembly.assemble(
        listings: listings, probes: probes, generated: reference.generated)
      XCTAssertEqual(outcome.catalogue.series, reference.series.filter { slugs.contains($0.key) }, group.rawValue)
      let expected = reference.issues.filter { slugs.contains($0.series) }
      XCTAssertEqual(outcome.catalogue.issues.count, expected.count, group.rawValue)
      XCTAssertEqual(outcome.catalogue.issues, expected, group.rawValue)
    }
  }
}
