import Foundation
import SiteMirrorKit

/// One source's sample site for `catalog demo`: the answers the loopback mirror gives, and the tool
/// arguments a sample needs (thresholds sized for a handful of issues, not the real site).
struct DemoSample {
  var source: String
  /// One line for the demo's list: what the sample holds.
  var summary: String
  var arguments: [String] = []
  /// GET answers (200) by `host/path` or `host/path?query`, the path not percent-encoded.
  var pages: [String: [UInt8]] = [:]
  /// HEAD sizes by `host/path` (answered by the mirror without a body file).
  var sizes: [String: Int] = [:]
  /// Answers computed per request (tile archives, metadata APIs); nil falls through.
  var dynamic: (@Sendable (MirrorRequest) -> MirrorResponse?)? = nil

  /// A simulated file size that depends only on the path, so both runs and every rerun agree.
  static func size(of path: String) -> Int {
    var h = 0
    for b in path.utf8 { h = (h &* 31 &+ Int(b)) % 9_000_000 }
    return 500_000 + h
  }

  /// The key `pages` uses for a request.
  static func key(_ r: MirrorRequest) -> String {
    r.host + (r.path.removingPercentEncoding ?? r.path) + (r.query.map { "?" + $0 } ?? "")
  }
}

/// The project's own fixture pages (`Fixtures/<Source>/`), found from the running binary: the
/// package root is the folder above `.build`.
struct DemoFixtures {
  let root: URL

  enum Failure: Error, CustomStringConvertible {
    case noFixtures(looked: String)
    case missing(String)

    var description: String {
      switch self {
      case .noFixtures(let looked):
        "no Fixtures folder at \(looked): the demo serves the project's fixture pages, so run it from the package (swift run catalog demo), or pass --fixtures <dir>"
      case .missing(let path): "\(path): fixture missing; the demo needs it (git checkout -- Fixtures)"
      }
    }
  }

  /// `override`, or `<package root>/Fixtures`.
  static func locate(_ override: String?) throws(Failure) -> DemoFixtures {
    let candidate: URL
    if let override {
      candidate = URL(fileURLWithPath: override)
    } else if let root = ProductsFolder.packageRoot {
      candidate = root.appendingPathComponent("Fixtures")
    } else {
      throw .noFixtures(
        looked: ProductsFolder.current.appendingPathComponent("../../Fixtures").standardizedFileURL.path)
    }
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDir), isDir.boolValue else {
      throw .noFixtures(looked: candidate.path)
    }
    return DemoFixtures(root: candidate)
  }

  func bytes(_ relative: String) throws(Failure) -> [UInt8] {
    let u = root.appendingPathComponent(relative)
    guard let d = FileManager.default.contents(atPath: u.path) else { throw .missing(u.path) }
    return [UInt8](d)
  }

  func text(_ relative: String) throws(Failure) -> String {
    String(decoding: try bytes(relative), as: UTF8.self)
  }

  func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}

/// Every sample served from one mirror: the static pages first, then each source's dynamic answers.
enum DemoSite {
  static func serve(_ samples: [DemoSample], lifetime: Double = 900) throws -> SiteMirror {
    var pages: [String: [UInt8]] = [:]
    for s in samples { pages.merge(s.pages) { a, _ in a } }
    let handlers = samples.compactMap(\.dynamic)
    let served = pages
    let server = try SiteMirror(lifetime: lifetime)
    for s in samples { for (target, size) in s.sizes { server.setSize(size, for: target) } }
    server.route { req in
      if req.method == "GET" || req.method == "HEAD", let body = served[DemoSample.key(req)] {
        return MirrorResponse(status: 200, headers: ["Content-Type": contentType(req.path)], body: body)
      }
      for h in handlers { if let r = h(req) { return r } }
      return nil
    }
    try server.start()
    return server
  }

  static func contentType(_ path: String) -> String {
    if path.hasSuffix(".js") { return "application/javascript" }
    if path.hasSuffix(".zip") { return "application/zip" }
    if path.hasSuffix(".xml") { return "application/xml" }
    if path.hasPrefix("/metadata/") { return "application/json" }
    return "text/html"
  }
}
