import CatalogKit
import Foundation
import XCTest

final class ChangedRowsTests: XCTestCase {
  private let url = URL(string: "https://site.example/pcsux/indexSK.html")!

  /// The window may reach a neighbour's last line (one extra re-ask, never a miss).
  func testARetitledRowMarksTheLinksOfThatRowAndNotTheRowsFarFromIt() {
    let old = """
      <td>1986 - 04<br>
      <a href="magshow.php?all=SK_86_04"><img src="SKH/a.jpg"></a><br>
      <a href="SKH/ZIP/1986_04.zip">zip</a>
      </td>
      <td>1986 - 05<br>
      <a href="magshow.php?all=SK_86_05"><img src="SKH/b.jpg"></a><br>
      <a href="SKH/ZIP/1986_05.zip">zip</a>
      </td>
      """
    let new = old.replacingOccurrences(of: "1986 - 05<br>", with: "1986 - 05 (reprint)<br>")
    let marked = ChangedRows.targets(old: Array(old.utf8), new: Array(new.utf8), url: url)
    XCTAssertTrue(marked.contains("site.example/pcsux/magshow.php?all=SK_86_05"), "\(marked)")
    XCTAssertTrue(marked.contains("site.example/pcsux/SKH/ZIP/1986_05.zip"), "\(marked)")
    XCTAssertFalse(marked.contains("site.example/pcsux/magshow.php?all=SK_86_04"), "\(marked)")
  }

  func testANewRowOnOneLineMarksItsOwnLinksAndNotItsNeighbours() {
    func row(_ n: Int) -> String { "<li><p>\(n)</p><a href=\"pdf/t-\(n).pdf\">PDF</a></li>" }
    let old = "<ul>" + (1...4).map(row).joined() + "</ul>"
    let new = "<ul>" + (1...5).map(row).joined() + "</ul>"
    let marked = ChangedRows.targets(old: Array(old.utf8), new: Array(new.utf8), url: url)
    XCTAssertEqual(marked, ["site.example/pcsux/pdf/t-5.pdf"])
  }

  func testARetitledCaptionRowStillReachesTheLinksInTheRowBelowIt() {
    let old = "<table>\n<tr><td>Issue 1</td></tr>\n<tr><td><a href=\"a.zip\">zip</a></td></tr>\n</table>"
    let new = old.replacingOccurrences(of: "Issue 1", with: "Issue 1 (reprint)")
    let marked = ChangedRows.targets(old: Array(old.utf8), new: Array(new.utf8), url: url)
    XCTAssertTrue(marked.contains("site.example/pcsux/a.zip"), "\(marked)")
  }

  func testReorderedRowsMarkNothing() {
    let a = "<a href=\"x.htm\">x</a>\n<a href=\"y.htm\">y</a>\n"
    let b = "<a href=\"y.htm\">y</a>\n<a href=\"x.htm\">x</a>\n"
    XCTAssertTrue(ChangedRows.targets(old: Array(a.utf8), new: Array(b.utf8), url: url).isEmpty)
  }

  func testFreshnessRulesMatchByGlobAndMethodFirstMatchWinning() {
    let rules = FreshnessRules([
      FreshnessRule(.detail, "site.example/*magshow.php?*", method: "GET"),
      FreshnessRule(.listing, "site.example/*", method: "GET"),
    ])
    XCTAssertEqual(rules.kind(method: "GET", target: "site.example/u/magshow.php?all=1"), .detail)
    XCTAssertEqual(rules.kind(method: "GET", target: "site.example/pcsux/indexSK.html"), .listing)
    XCTAssertEqual(rules.kind(method: "HEAD", target: "site.example/a.zip"), .size, "unnamed HEAD: a size")
    XCTAssertEqual(rules.kind(method: "GET", target: "other.example/"), .listing, "unnamed GET: a listing")
    XCTAssertEqual(
      BombJackFreshness.rules.kind(method: "GET", target: "commodore.bombjack.org/archive/index-archive-2026.htm"),
      .listing)
    XCTAssertEqual(BombJackFreshness.rules.kind(method: "GET", target: "commodore.bombjack.org/p1/s2/m3.htm"), .page)
  }
}
