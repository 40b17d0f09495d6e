import BuildSupport
import Foundation
import SiteMirrorKit

extension DemoFixtures {
  /// `override`, or `<package root>/Fixtures`, found from the running binary: the package root is
  /// the folder above `.build`.
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
