import Foundation
import XCTest

@testable import CatalogKit

final class BombJackRunNameTests: XCTestCase {
  func u(_ s: String) -> URL { URL(string: "https://commodore.bombjack.org" + s)! }

  func testTheShortNameIsTheLastTitlePartWithoutMainPage() {
    XCTAssertEqual(BombJackRunName.shortName(title: "Commodore - Magazines - Ahoy", url: u("/a.htm")), "Ahoy")
    XCTAssertEqual(
      BombJackRunName.shortName(title: "DLH's Commodore Archive - Commodore Main Page", url: u("/a.htm")), "Commodore")
    XCTAssertEqual(BombJackRunName.shortName(title: "The Dragon", url: u("/a.htm")), "The Dragon")
    XCTAssertEqual(BombJackRunName.shortName(title: "Vic 20 - Books - ", url: u("/a.htm")), "Books")
  }

  func testAListingIsNamedForItsLastMeaningfulFolder() {
    XCTAssertEqual(
      BombJackRunName.shortName(title: "Index of /other/epson-hx-20", url: u("/other/epson-hx-20/")), "Epson Hx 20")
    XCTAssertEqual(
      BombJackRunName.shortName(title: "Index of /other/telephony/pdf", url: u("/other/telephony/pdf/")), "Telephony")
    XCTAssertEqual(BombJackRunName.shortName(title: "Index of /pdf/zips", url: u("/pdf/zips/")), "Zips")
  }

  func testFoldMakesKeysFromNames() {
    XCTAssertEqual(BombJackRunName.fold("Vic 20 - Foo (JP)"), "vic 20 foo jp")
    XCTAssertEqual(BombJackRunName.fold("Commodore - Commodore Vilàg (HU)"), "commodore commodore vilag hu")
    XCTAssertEqual(BombJackRunName.fold("Đuro's Compute!s"), "duro s compute s")
  }

  func testASharedShortNameGetsItsPlatformAndARepeatGetsTheStemThenANumber() {
    let pages = [
      BombJackRunName.Page(url: u("/commodore/magazines/ahoy/ahoy.htm"), title: "Commodore - Magazines - Ahoy"),
      BombJackRunName.Page(url: u("/commodore/magazines/ahoy/ahoy-2.htm"), title: "Commodore - Magazines - Ahoy"),
      BombJackRunName.Page(url: u("/commodore/magazines/ahoy/index.htm"), title: "Commodore - Magazines - Ahoy"),
      BombJackRunName.Page(url: u("/atari-st/newsletters.htm"), title: "Atari Developer Newsletters"),
      BombJackRunName.Page(url: u("/amiga/news.htm"), title: "Amiga - Amiga news"),
      BombJackRunName.Page(url: u("/amiga/news2.htm"), title: "Amiga - Amiga News"),
    ]
    let runs = BombJackRunName.assign(
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
    let runs = BombJackRunName.assign(
      [
        BombJackRunName.Page(url: u("/index2.htm"), title: "Misc - Stuff"),
        BombJackRunName.Page(url: u("/x/y.htm"), title: "✓"),
      ],
      shortNameUses: ["Stuff": 2])
    XCTAssertEqual(runs.map(\.name), ["Stuff", "✓"])
    XCTAssertEqual(runs.map(\.key), ["stuff", "page-2"])
  }

  func testReservedRunsAreNeverHandedOut() {
    let runs = BombJackRunName.assign(
      [BombJackRunName.Page(url: u("/arcade/joystik.htm"), title: "Joystik")], shortNameUses: [:],
      reserved: [BombJackJoystik.run])
    XCTAssertEqual(runs, [BombJackRun(key: "joystik-joystik", name: "Joystik (Joystik)")])
  }
}
