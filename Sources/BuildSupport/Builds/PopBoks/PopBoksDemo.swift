import CatalogKit
import Foundation
import ShelfmarkSamples
import SiteMirrorKit

/// PopBoks' sample: the two index scripts of `Fixtures/PopBoks/` and a simulated tile archive for
/// their issues (`PopBoksTileArchiveModel`: covers and tiles answer 200, a tile that does not exist 403,
/// as the real archive does), so the grid measurement runs exactly as against the real server.
enum PopBoksDemo {
  @Sendable static func sample(_ fx: DemoFixtures) throws -> DemoSample {
    var s = DemoSample(summary: "")
    var models: [PopBoksTileArchiveModel] = []
    var counts: [String] = []
    for m in PopBoksMagazine.allCases {
      let script = try fx.bytes("PopBoks/\(m.rawValue)-small.js")
      let index = try PopBoksIndex.parse(script, magazine: m)
      s.pages[PopBoksMagazine.host + "/" + m.rawValue + "/js/" + m.scriptFileName] = script
      models.append(PopBoksTileArchiveModel.generated(magazine: m, entries: index.entries, seed: 7))
      counts.append("\(index.entries.count) \(m.displayName)")
    }
    s.summary = "index scripts for \(counts.joined(separator: " and ")) issues; a simulated tile archive"
    let served = models
    s.dynamic = { PopBoksTileArchiveModel.answer($0, models: served) }
    s.arguments = ["--min-issues", "1"]
    return s
  }
}
