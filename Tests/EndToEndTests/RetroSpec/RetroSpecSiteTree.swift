import CatalogKit
import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// A RetroSpec site tree assembled at test time in a temporary folder from the real saved pages in
/// `../shared/corpus/retrospec` (never copied into the project), served by the loopback mirror with the
/// reference catalogue's archive sizes answered to HEAD.
struct RetroSpecSiteTree {
  let root: URL
  let host = "retrospec.elite.org"
  /// The shipped catalogue: the source of the HEAD sizes and the comparison target.
  let reference: IssueCatalogue
  /// Ids whose magshow page the corpus holds.
  let magshowIDs: [String]

  init(in dir: URL) throws {
    root = dir.appendingPathComponent("site")
    let fm = FileManager.default
    let pcsux = root.appendingPathComponent("\(host)/pcsux")
    let yu = root.appendingPathComponent("\(host)/users/tomcat/yu")
    try fm.createDirectory(at: pcsux, withIntermediateDirectories: true)
    try fm.createDirectory(at: yu, withIntermediateDirectories: true)
    for name in RetroSpecSite.indexPages {
      try Data(try TestPaths.corpus("retrospec/index/\(name).html"))
        .write(to: pcsux.appendingPathComponent("\(name).html"))
    }
    let magshowDir = try TestPaths.shared("corpus/retrospec/magshow")
    var ids: [String] = []
    for file in try fm.contentsOfDirectory(atPath: magshowDir.path).sorted() where file.hasSuffix(".html") {
      let id = String(file.dropLast(5))
      ids.append(id)
      try Data(contentsOf: magshowDir.appendingPathComponent(file))
        .write(to: yu.appendingPathComponent("magshow.php?all=\(id)"))
    }
    magshowIDs = ids
    let refData = try Data(contentsOf: TestPaths.shared("reference-catalogs/retrospec-catalog.json"))
    reference = try JSONDecoder().decode(IssueCatalogue.self, from: refData)
  }

  func indexPage(_ name: String) -> URL { root.appendingPathComponent("\(host)/pcsux/\(name).html") }
  func magshowPage(_ id: String) -> URL { root.appendingPathComponent("\(host)/users/tomcat/yu/magshow.php?all=\(id)") }

  /// A started mirror over the tree; every live archive of the reference answers HEAD with its size,
  /// the reference's dead ones answer 404.
  func serve() throws -> SiteMirror {
    let server = try SiteMirror(root: root)
    for issue in reference.issues where issue.dead != true {
      if let bytes = issue.bytes { server.setSize(Int(bytes), for: "\(host)/pcsux/\(issue.zip)") }
    }
    try server.start()
    return server
  }
}
