import CatalogKit
import Foundation
import ShelfmarkSamples
import ShelfmarkTestSupport
import SiteMirrorKit

/// A loopback PopBoks: both fixture scripts, and tiles and covers answered from generated
/// `PopBoksTileArchiveModel`s (403 when missing). Used by the popboks-build tests and by the tests that
/// need a real build process making many requests (the cache crash and sharing tests).
struct SimulatedTileArchive {
  var server: SiteMirror
  var models: [PopBoksMagazine: PopBoksTileArchiveModel]
  var indexes: [PopBoksMagazine: PopBoksIndex]

  /// Serves both fixture scripts and a generated archive for their issues.
  static func start(
    seed: UInt64 = 3, missingCovers: Set<Int> = [],
    edit: (inout [PopBoksMagazine: PopBoksTileArchiveModel]) -> Void = { _ in }
  ) throws -> SimulatedTileArchive {
    var scripts: [String: [UInt8]] = [:]
    var models: [PopBoksMagazine: PopBoksTileArchiveModel] = [:]
    var indexes: [PopBoksMagazine: PopBoksIndex] = [:]
    for m in PopBoksMagazine.allCases {
      let bytes = try TestPaths.fixtureBytes("PopBoks/\(m.rawValue)-small.js")
      let index = try PopBoksIndex.parse(bytes, magazine: m)
      scripts["/" + m.rawValue + "/js/" + m.scriptFileName] = bytes
      models[m] = PopBoksTileArchiveModel.generated(
        magazine: m, entries: index.entries, seed: seed, missingCovers: missingCovers)
      indexes[m] = index
    }
    edit(&models)
    let served = Array(models.values)
    let scriptsServed = scripts
    let server = try SiteMirror()
    server.route { req in
      if req.host == PopBoksMagazine.host, let s = scriptsServed[req.path] {
        return MirrorResponse(status: 200, headers: ["Content-Type": "application/javascript"], body: s)
      }
      return PopBoksTileArchiveModel.answer(req, models: served)
    }
    try server.start()
    return SimulatedTileArchive(server: server, models: models, indexes: indexes)
  }
}
