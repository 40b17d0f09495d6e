import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// A small Vintage Apple site on loopback (the Byte section from the fixture template, three PDFs
/// that answer HEAD with a size) and the real `vintageapple-build` run against it, so each hostile
/// answer can be injected into a real build and its exit code and messages checked.
final class HostileSite {
  static let host = "vintageapple.org"
  static let section = "https://vintageapple.org/byte/"
  let dir: URL
  let server: SiteMirror
  let pdfs: [String]

  var cache: URL { dir.appendingPathComponent("cache") }
  var out: URL { dir.appendingPathComponent("out") }
  var catalogue: URL { out.appendingPathComponent("vintageapple-magazines.json") }

  init(page: String = "VintageApple/section-template.html") throws {
    dir = try Tool.temporaryDirectory("hostile")
    let folder = dir.appendingPathComponent("site/\(Self.host)/byte")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let html = String(decoding: try TestPaths.fixtureBytes(page), as: UTF8.self)
      .replacingOccurrences(of: "{{SLUG}}", with: "byte")
    try Data(html.utf8).write(to: folder.appendingPathComponent("index.html"))
    var seen = Set<String>()
    pdfs = html.components(separatedBy: "href=\"pdf/").dropFirst().compactMap { part in
      guard let end = part.firstIndex(of: "\"") else { return nil }
      let name = String(part[..<end])
      return seen.insert(name).inserted ? name : nil
    }
    server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 300)
    for (i, name) in pdfs.enumerated() { server.setSize(1_000_000 + i, for: "\(Self.host)/byte/pdf/\(name)") }
    try server.start()
  }

  deinit {
    server.stop()
    try? FileManager.default.removeItem(at: dir)
  }

  /// `host/path` of the n-th PDF, as faults match it.
  func pdfTarget(_ n: Int) -> String { "\(Self.host)/byte/pdf/\(pdfs[n])" }

  /// Runs the build against `mirror` (the live one unless given) and returns what it printed.
  func build(_ extra: [String] = [], mirror: String? = nil) throws -> Tool.Result {
    try Tool.run(
      "vintageapple-build",
      [
        "--mirror", mirror ?? server.baseURL, "--cache", cache.path, "--out", out.path, "--date", "2026-11-30",
        "--group", "magazines", "--only", "byte", "--min-magazines", "1", "--min-sized", "0", "--delay", "0",
      ] + extra)
  }

  /// The catalogue's issues as JSON objects (for looking at one field without the model types).
  func issues() throws -> [[String: Any]] {
    let o = try JSONSerialization.jsonObject(with: Data(contentsOf: catalogue)) as? [String: Any]
    return o?["issues"] as? [[String: Any]] ?? []
  }

  /// The cache's GET record and body paths for a URL, found by the URL the record holds.
  func entry(for url: String) throws -> (record: URL, body: URL) {
    let v1 = cache.appendingPathComponent("v1")
    for shard in try FileManager.default.contentsOfDirectory(atPath: v1.path) where shard.count == 2 {
      let folder = v1.appendingPathComponent(shard)
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
        let record = folder.appendingPathComponent(name)
        let o = try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any]
        if o?["url"] as? String == url {
          return (record, record.deletingPathExtension().appendingPathExtension("body"))
        }
      }
    }
    throw XCTSkip("no cache entry for \(url)")
  }
}

/// A process id that no process has now (for temporary files left by a dead run).
func deadPID() -> Int32 {
  var pid: Int32 = 4_000_000
  while kill(pid, 0) == 0 || errno == EPERM { pid -= 1 }
  return pid
}
