import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class StripoviReaderPageTests: XCTestCase {
  func testTheRealReaderPageGivesTitleCountImageAndNext() throws {
    let url = StripoviReaderPage.url(comic: 6, page: 10)
    let page = try StripoviReaderPage.parse(try TestPaths.corpus("stripovi/comic-6-page-10.html"), url: url)
    XCTAssertEqual(page.heading, "Snijeg u kolovozu")
    XCTAssertEqual(page.pageCount, 20)
    XCTAssertEqual(page.image, "webcomics/MartinaMjesec/mm0110.jpg")
    XCTAssertEqual(page.next, "index.asp?page=online-comics-single&ComicID=6&PageCount=11")
    XCTAssertTrue(page.isReaderPage)
  }

  func testAWindows1250PageWithoutACharsetReadsItsDiacritics() throws {
    let page = try StripoviReaderPage.parse(try TestPaths.fixtureBytes("Stripovi/comic-12-page-1.html"), url: "x")
    XCTAssertEqual(page.heading, "Štrumfovi")
    XCTAssertEqual(page.pageCount, 126)
  }

  func testOnlyTheContainersImageCountsAndEntitiesAreDecoded() throws {
    let page = try StripoviReaderPage.parse(try TestPaths.fixtureBytes("Stripovi/comic-2-page-10.html"), url: "x")
    XCTAssertEqual(page.image, "webcomics/lumen&kremen/lumen&kremen110.jpg")
    XCTAssertEqual(page.heading, "Lumen & Kremen")
  }

  func testAPageWithoutContainerAndSelectIsNotAReaderPage() throws {
    let page = try StripoviReaderPage.parse(try TestPaths.fixtureBytes("Stripovi/not-a-reader-page.html"), url: "x")
    XCTAssertFalse(page.isReaderPage)
    XCTAssertNil(page.image)
    XCTAssertNil(page.pageCount)
  }

  func testAnImageMoreThan600CharactersAfterTheContainerIsNotTheContainers() throws {
    let bytes = try TestPaths.fixtureBytes("Stripovi/container-image-too-far.html")
    XCTAssertThrowsError(try StripoviReaderPage.parse(bytes, url: "https://www.stripovi.com/x")) { error in
      XCTAssertEqual(
        "\(error)", "https://www.stripovi.com/x: line 5: the comic container has no <img src> within 600 characters")
    }
  }

  func testARunHeadingGivesRunNumberAndEpisodeTitle() throws {
    let page = try StripoviReaderPage.parse(
      try TestPaths.fixtureBytes("Stripovi/comic-7-page-1-run-heading.html"), url: "x")
    let run = try XCTUnwrap(page.runEpisode)
    XCTAssertEqual(run.run, "Martina Mjesec")
    XCTAssertEqual(run.number, 2)
    XCTAssertEqual(run.title, "Poljubac dug 10.000 godina")
    XCTAssertNil(StripoviReaderPage(heading: "Rođen 11.rujna").runEpisode)
    XCTAssertNil(StripoviReaderPage(heading: "Treća liga, Čukarički").runEpisode)
  }
}

final class StripoviPageRuleTests: XCTestCase {
  func testPageOneAloneLeavesTwoRulesOpen() {
    let c = StripoviPageRule.candidates(page: 1, path: "webcomics/Mafest/Mafest101.jpg")
    XCTAssertEqual(c.map(\.prefix), ["Mafest10", "Mafest1"])
    XCTAssertEqual(c.map(\.width), [1, 2])
  }

  func testAPagePastNineConfirmsTheWidth() {
    let rule = StripoviPageRule.fit(
      samples: [1: "webcomics/MartinaMjesec/mm0101.jpg", 10: "webcomics/MartinaMjesec/mm0110.jpg"], pages: 20)
    XCTAssertEqual(rule, StripoviPageRule(dir: "webcomics/MartinaMjesec", prefix: "mm01", width: 2, ext: ".jpg"))
  }

  func testAComicPast99PagesNeedsItsLastPageToTellWidthThree() {
    let samples = [
      1: "webcomics/Strumfovi/Strumfovi1001.jpg", 10: "webcomics/Strumfovi/Strumfovi1010.jpg",
      126: "webcomics/Strumfovi/Strumfovi1126.jpg",
    ]
    XCTAssertEqual(
      StripoviPageRule.fit(samples: samples, pages: 126),
      StripoviPageRule(dir: "webcomics/Strumfovi", prefix: "Strumfovi1", width: 3, ext: ".jpg"))
    XCTAssertEqual(StripoviPageRule.samplePages(pages: 126), [1, 10, 126])
    XCTAssertEqual(StripoviPageRule.samplePages(pages: 20), [1, 10])
    XCTAssertEqual(StripoviPageRule.samplePages(pages: 8), [1])
  }

  func testNoRuleFitsPathsThatDisagree() {
    XCTAssertNil(StripoviPageRule.fit(samples: [1: "w/a/x101.jpg", 10: "w/a/y110.jpg"], pages: 20))
    XCTAssertNil(StripoviPageRule.fit(samples: [1: "w/a/cover.jpg"], pages: 5))
  }

  func testAnAmpersandFolderStaysLiteralAndNeverMakesAQuery() {
    let rule = StripoviPageRule(dir: "webcomics/lumen&kremen", prefix: "lumen&kremen1", width: 2, ext: ".jpg")
    XCTAssertEqual(rule.url(page: 3, pages: 16), "https://www.stripovi.com/webcomics/lumen&kremen/lumen&kremen103.jpg")
    XCTAssertNil(rule.url(page: 0, pages: 16))
    XCTAssertNil(rule.url(page: 17, pages: 16))
    let odd = StripoviPageRule(dir: "webcomics/a?b c", prefix: "p#", width: 2, ext: ".jpg")
    XCTAssertEqual(odd.url(page: 1, pages: 1), "https://www.stripovi.com/webcomics/a%3Fb%20c/p%2301.jpg")
  }
}

final class StripoviComicDraftTests: XCTestCase {
  func testFieldsThePageDoesNotShowComeOnlyFromThePreviousCatalogue() throws {
    let draft = StripoviComicDraft(
      id: 6, heading: "Snijeg u kolovozu", pages: 20,
      samples: [1: "webcomics/MartinaMjesec/mm0101.jpg", 10: "webcomics/MartinaMjesec/mm0110.jpg"])
    let bare = try XCTUnwrap(draft.comic(previous: nil))
    XCTAssertEqual(bare.cover, "")
    XCTAssertEqual(bare.creators, "")
    XCTAssertNil(bare.series)
    let previous = Comic(
      id: 6, title: "Snijeg u kolovozu", series: "Martina Mjesec", number: 1, pages: 18,
      cover: "images/TN_martina1.jpg",
      creators: "Darko Macan (scenarij); Goran Sudžuka (crtež)", date: "1.2.2012.", lead: "Prva epizoda",
      dir: "old", prefix: "old", width: 3, ext: ".png")
    let carried = try XCTUnwrap(draft.comic(previous: previous))
    XCTAssertEqual(carried.cover, "images/TN_martina1.jpg")
    XCTAssertEqual(carried.series, "Martina Mjesec")
    XCTAssertEqual(carried.pages, 20, "what the page shows wins")
    XCTAssertEqual(carried.prefix, "mm01")
  }

  func testTheRulesRefuseAComicWithoutCoverCreatorsOrDate() throws {
    let draft = StripoviComicDraft(
      id: 31, heading: "Vrijeme ubojica", pages: 15, samples: [1: "webcomics/V/V101.jpg", 10: "webcomics/V/V110.jpg"])
    let c = StripoviCatalogue(
      generated: "2026-11-30", base: StripoviReaderPage.base, comics: [try XCTUnwrap(draft.comic(previous: nil))])
    let report = ValidationReport.run(StripoviRules.rules(minimumComics: 1), on: c)
    XCTAssertEqual(report.errors.map(\.rule), ["stripovi/shelf-fields"])
    XCTAssertEqual(report.errors.first?.records, ["31"])
  }

  func testTheReferenceCataloguePassesTheRules() throws {
    let data = try Data(contentsOf: TestPaths.shared("reference-catalogs/stripovi-catalog.json"))
    let c = try JSONDecoder().decode(StripoviCatalogue.self, from: data)
    let report = ValidationReport.run(StripoviRules.rules(minimumComics: 31), on: c)
    XCTAssertEqual(report.findings, [])
  }
}

final class PageRuleReferenceTests: XCTestCase {
  /// Every comic of the shipped catalogue: the paths its rule names on the sampled pages fit back to it.
  func testEveryReferenceRuleIsRecoveredFromItsSampledPages() throws {
    let data = try Data(contentsOf: TestPaths.shared("reference-catalogs/stripovi-catalog.json"))
    let c = try JSONDecoder().decode(StripoviCatalogue.self, from: data)
    for comic in c.comics {
      let rule = StripoviPageRule(dir: comic.dir, prefix: comic.prefix, width: comic.width, ext: comic.ext)
      var samples: [Int: String] = [:]
      for n in StripoviPageRule.samplePages(pages: comic.pages) { samples[n] = rule.path(page: n) }
      let fitted = try XCTUnwrap(StripoviPageRule.fit(samples: samples, pages: comic.pages), "\(comic.id)")
      for n in 1...comic.pages {
        XCTAssertEqual(fitted.path(page: n), rule.path(page: n), "comic \(comic.id) page \(n)")
      }
      XCTAssertEqual(fitted, rule, "comic \(comic.id)")
    }
  }
}
