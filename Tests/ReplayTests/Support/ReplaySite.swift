import CatalogKit
import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// A site tree assembled at test time in a fresh temporary folder from the real pages in
/// `../shared/corpus` (copied into the temporary folder only, never into the project), served by the
/// loopback mirror, and the place a real build executable writes its cache and catalogues.
///
/// Layout: `DIR/site/HOST/PATH[?QUERY]` is what the mirror serves, `DIR/cache` and `DIR/out` are the
/// build's. The folder is removed by `remove()` (tests call it in a `defer`).
final class ReplaySite {
  let dir: URL
  var root: URL { dir.appendingPathComponent("site") }
  var out: URL { dir.appendingPathComponent("out") }

  init(_ source: String) throws {
    dir = try Tool.temporaryDirectory("replay-\(source)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: dir) }

  /// Copies `../shared/corpus/<corpus>` to `site/<sitePath>` (e.g. `retrospec.elite.org/pcsux/indexSK.html`).
  /// Skips the test with a printed reason when the corpus file is absent.
  func put(corpus: String, at sitePath: String) throws {
    try put(try TestPaths.corpus(corpus), at: sitePath)
  }

  /// Writes bytes at `site/<sitePath>`; a query string is part of the file name.
  func put(_ bytes: [UInt8], at sitePath: String) throws {
    let u = root.appendingPathComponent(sitePath)
    try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: u)
  }

  /// The file names (sorted) in a corpus folder, e.g. `retrospec/magshow`.
  static func corpusFiles(_ folder: String) throws -> [String] {
    let u = try TestPaths.shared("corpus/" + folder)
    return try FileManager.default.contentsOfDirectory(atPath: u.path).sorted()
  }

  /// A started mirror over the tree, after `configure` set its sizes and routes.
  func serve(_ configure: (SiteMirror) throws -> Void = { _ in }) throws -> SiteMirror {
    let server = try SiteMirror(root: root)
    try configure(server)
    try server.start()
    return server
  }

  /// Runs the real executable against the mirror with a cold cache in `DIR/cache`, writing into
  /// `DIR/out`, dated like the reference so `generated` compares too. No pause between requests: the
  /// mirror is loopback. The report (and the lineage beside it, `report.lineage.jsonl.xz`) go to `DIR`.
  func build(_ tool: String, server: SiteMirror, date: String, _ extra: [String] = []) throws -> Tool.Result {
    try Tool.run(
      tool,
      [
        "--mirror", server.baseURL, "--cache", dir.appendingPathComponent("cache").path, "--out", out.path,
        "--date", date, "--delay", "0", "--report", dir.appendingPathComponent("report.json").path,
      ] + extra, in: dir)
  }

  /// A catalogue the build wrote into `DIR/out`.
  func built(_ file: String) throws -> AnyCatalogue {
    let u = out.appendingPathComponent(file)
    return try CatalogueFile.decode([UInt8](try Data(contentsOf: u)), file: u.path)
  }
}

extension SiteMirror {
  /// Answers HEAD (and GET) for every live archive of an issue catalogue with the catalogue's own
  /// `bytes`; dead rows and unsized rows are left to the mirror's 404. The sizes are therefore the
  /// reference's by construction, not an independent check.
  func serveSizes(of reference: IssueCatalogue) {
    for issue in reference.issues where issue.dead != true {
      guard let bytes = issue.bytes else { continue }
      let url = issue.zip.contains("://") ? issue.zip : reference.base + issue.zip
      guard let scheme = url.range(of: "://") else { continue }
      setSize(Int(bytes), for: String(url[scheme.upperBound...]))
    }
  }
}
