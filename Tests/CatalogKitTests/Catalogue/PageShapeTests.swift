import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// Every parser's declared page shape (issue 18, item 1): real pages pass, cut or foreign ones are
/// refused with a sentence that says what was missing.
final class PageShapeTests: XCTestCase {
  func testAPageCutShortOrNotThePageIsRefusedWithWhatWasMissing() {
    let shape = PageShape(kind: "RetroSpec magshow page", identity: ["ex-YU Racunalniska Scena"], closing: ["</html>"])
    let whole = Array("<html><title>ex-YU Racunalniska Scena</title><body>x</body></html>".utf8)
    XCTAssertNil(shape.refusal(whole))
    XCTAssertEqual(
      shape.refusal(Array(whole.prefix(40)))?.description, "cut short: no closing </html> in its 40 bytes")
    XCTAssertEqual(shape.refusal([])?.description, "empty answer: not a RetroSpec magshow page")
    XCTAssertEqual(
      shape.refusal(Array("<html><title>503 Service Unavailable</title></html>".utf8))?.description,
      "not a RetroSpec magshow page: no ex-YU Racunalniska Scena")
    XCTAssertNil(
      shape.refusal(Array("<HTML><TITLE>EX-YU RACUNALNISKA SCENA</TITLE></HTML>".utf8)), "ASCII case is ignored")
  }

  func testABlockOpenedAfterItsLastCloseIsACut() {
    let shape = BombJackPage.shape
    XCTAssertNil(shape.refusal(Array("<table><tr><td>a</td></tr></table> <html><body><p>".utf8)), "a real odd ending")
    XCTAssertEqual(
      shape.refusal(Array("<table><tr></tr></table><table><tr><td>half".utf8))?.description,
      "cut short: no closing </table> in its 43 bytes")
  }

  func testAJSONAnswerMustBeOneWholeObject() {
    let shape = PageShape.jsonObject("archive.org metadata answer")
    XCTAssertNil(shape.refusal(Array(" {\"a\": 1}\n".utf8)))
    XCTAssertNil(shape.refusal(Array("{}".utf8)), "no such item")
    XCTAssertEqual(
      shape.refusal(Array("<html>maintenance</html>".utf8))?.description,
      "not a archive.org metadata answer: no a JSON object (it starts with '<html>maintenanc')")
    XCTAssertEqual(shape.refusal(Array("{\"a\": [1, 2".utf8))?.description, "cut short: no closing } in its 11 bytes")
  }

  func testEverySourcesShapeAcceptsItsFixturePagesAndRefusesAnErrorPage() throws {
    let errorPage = Array(
      "<html><head><title>503 Service Unavailable</title></head><body><h1>Service Unavailable</h1></body></html>".utf8)
    let cases: [(String, ([UInt8]) -> PageRefusal?, [String])] = [
      (
        "RetroSpec index", RetroSpecIndexPage.shape.refusal,
        ["RetroSpec/index-grid.html", "RetroSpec/index-books-utf8.html"]
      ),
      (
        "RetroSpec magshow", RetroSpecMagshow.shape.refusal,
        ["RetroSpec/magshow-issue.html", "RetroSpec/magshow-no-name.html"]
      ),
      (
        "Atarimania title", AtarimaniaTitlePage.refusal,
        ["Atarimania/title-template.html", "Atarimania/title-no-heading.html"]
      ),
      ("Atarimania index", AtarimaniaIndex.refusal, ["Atarimania/index-three-titles.html"]),
      (
        "Vintage Apple", VintageAppleSectionPage.shape.refusal,
        ["VintageApple/section-template.html", "VintageApple/section-no-rows.html"]
      ),
      (
        "Stripovi", StripoviReaderPage.shape.refusal,
        ["Stripovi/comic-2-page-1.html", "Stripovi/not-a-reader-page.html"]
      ),
      ("BombJack", BombJackPage.shape.refusal, ["BombJack/site-root.htm", "BombJack/magazine-grid.htm"]),
      ("PopBoks", PopBoksIndexScript.shape.refusal, ["PopBoks/dzuboks-small.js", "PopBoks/ritam-small.js"]),
    ]
    for (name, refusal, fixtures) in cases {
      for f in fixtures {
        XCTAssertNil(refusal(try TestPaths.fixtureBytes(f)), "\(name): \(f) is a whole page")
      }
      if name != "BombJack" {
        XCTAssertNotNil(refusal(errorPage), "\(name): an error page served as 200 is refused")
      }
      XCTAssertNotNil(refusal([]), "\(name): an empty answer is refused")
    }
    XCTAssertNotNil(RetroSpecIndexPage.shape.refusal(try TestPaths.fixtureBytes("RetroSpec/index-truncated.html")))
    XCTAssertNotNil(AtarimaniaTitlePage.refusal(try TestPaths.fixtureBytes("Atarimania/title-truncated.html")))
    XCTAssertNotNil(
      VintageAppleSectionPage.shape.refusal(try TestPaths.fixtureBytes("VintageApple/section-truncated.html")))
    XCTAssertNotNil(BombJackPage.shape.refusal(try TestPaths.fixtureBytes("BombJack/truncated.htm")))
    XCTAssertNil(
      AtarimaniaTitlePage.refusal(try TestPaths.fixtureBytes("Atarimania/challenge-just-a-moment.html")),
      "a challenge is let through: the build refuses it as a challenge (exit 69)")
  }

  func testTheRealPagesInTheCorpusHaveTheirDeclaredShapes() throws {
    let cases: [(String, ([UInt8]) -> PageRefusal?)] = [
      ("retrospec/index", RetroSpecIndexPage.shape.refusal), ("retrospec/magshow", RetroSpecMagshow.shape.refusal),
      ("vintageapple", VintageAppleSectionPage.shape.refusal), ("bombjack", BombJackPage.shape.refusal),
      ("stripovi", StripoviReaderPage.shape.refusal), ("popboks", PopBoksIndexScript.shape.refusal),
    ]
    var checked = 0
    for (folder, refusal) in cases {
      guard let dir = try? TestPaths.shared("corpus/" + folder) else {
        throw XCTSkip("../shared/corpus is absent: the real pages cannot be checked")
      }
      let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
      for f in files.sorted() where !f.hasPrefix(".") {
        var isDir: ObjCBool = false
        let p = dir.appendingPathComponent(f).path
        guard FileManager.default.fileExists(atPath: p, isDirectory: &isDir), !isDir.boolValue else { continue }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: p)))
        XCTAssertNil(refusal(bytes), "\(folder)/\(f): \(refusal(bytes).map { "\($0)" } ?? "")")
        checked += 1
      }
    }
    for f in ["analog.html", "antic.html", "page6.html"] {
      let bytes = [UInt8](try Data(contentsOf: try TestPaths.shared("corpus/atarimania/" + f)))
      XCTAssertNil(AtarimaniaTitlePage.refusal(bytes), f)
      checked += 1
    }
    XCTAssertNil(
      AtarimaniaIndex.refusal([UInt8](try Data(contentsOf: try TestPaths.shared("corpus/atarimania/index.html")))))
    XCTAssertGreaterThan(checked, 40)
  }
}
