import Foundation
import XCTest

@testable import CatalogKit

final class RunNameTests: XCTestCase {
  func u(_ s: String) -> URL { URL(string: "https://commodore.bombjack.org" + s)! }

  func testTheShortNameIsTheLastTitlePartWithoutMainPage() {
    XCTAssertEqual(RunName.shortName(title: "Commodore - Magazines - Ahoy", url: u("/a.htm")), "Ahoy")
    XCTAssertEqual(
      RunName.shortName(title: "DLH's Commodore Archive - Commodore Main Page", url: u("/a.htm")), "Commodore")
    XCTAssertEqual(RunName.shortName(title: "The Dragon", url: u("/a.htm")), "The Dragon")
    XCTAssertEqual(RunName.shortName(title: "Vic 20 - Books - ", url: u("/a.htm")), "Books")
  }

  func testAListingIsNamedForItsLastMeaningfulFolder() {
    XCTAssertEqual(
      RunName.shortName(title: "Index of /other/epson-hx-20", url: u("/other/epson-hx-20/")), "Epson Hx 20")
    XCTAssertEqual(
      RunName.shortName(title: "Index of /other/telephony/pdf", url: u("/other/telephony/pdf/")), "Telephony")
    XCTAssertEqual(RunName.shortName(title: "Index of /pdf/zips", url: u("/pdf/zips/")), "Zips")
  }

  func testFoldMakesKeysFromNames() {
    XCTAssertEqual(RunName.fold("Vic 20 - Foo (JP)"), "vic 20 foo jp")
    XCTAssertEqual(RunName.fold("Commodore - Commodore Vilàg (HU)"), "commodore commodore vilag hu")
    XCTAssertEqual(RunName.fold("Đuro's Compute!s"), "duro s compute s")
  }

  func testASharedShortNameGetsItsPlatformAndARepeatGetsTheStemThenANumber() {
    let pages = [
      RunName.Page(url: u("/commodore/magazines/ahoy/ahoy.htm"), title: "Commodore - Magazines - Ahoy"),
      RunName.Page(url: u("/commodore/magazines/ahoy/ahoy-2.htm"), title: "Commodore - Magazines - Ahoy"),
      RunName.Page(url: u("/commodore/magazines/ahoy/index.htm"), title: "Commodore - Magazines - Ahoy"),
      RunName.Page(url: u("/atari-st/newsletters.htm"), title: "Atari Developer Newsletters"),
      RunName.Page(url: u("/amiga/news.htm"), title: "Amiga - Amiga news"),
      RunName.Page(url: u("/amiga/news2.htm"), title: "Amiga - Amiga News"),
    ]
    let runs = RunName.assign(
      pages, shortNameUses: ["Ahoy": 3, "Atari Developer Newsletters": 1, "Amiga news": 2, "Amiga News": 2])
    XCTAssertEqual(
      runs.map(\.name),
      [
        "Commodore - Ahoy", "Commodore - Ahoy (Ahoy 2)", "Commodore - Ahoy 2", "Atari Developer Newsletters",
        "Amiga - Amiga news", "Amiga - Amiga News",
      ])
    XCTAssertEqual(
      runs.map(\.key),
      [
        "commodore-ahoy", "commodore-ahoy-ahoy-2", "commodore-ahoy-2", "atari-developer-newsletters",
        "amiga-amiga-news", "amiga-amiga-news-2",
      ])
  }

  func testAPageAtTheTopLevelHasNoPlatformAndAnEmptyKeyIsNamedForItsPosition() {
    let runs = RunName.assign(
      [RunName.Page(url: u("/index2.htm"), title: "Misc - Stuff"), RunName.Page(url: u("/x/y.htm"), title: "✓")],
      shortNameUses: ["Stuff": 2])
    XCTAssertEqual(runs.map(\.name), ["Stuff", "✓"])
    XCTAssertEqual(runs.map(\.key), ["stuff", "page-2"])
  }

  func testReservedRunsAreNeverHandedOut() {
    let runs = RunName.assign(
      [RunName.Page(url: u("/arcade/joystik.htm"), title: "Joystik")], shortNameUses: [:], reserved: [Joystik.run])
    XCTAssertEqual(runs, [Run(key: "joystik-joystik", name: "Joystik (Joystik)")])
  }
}
