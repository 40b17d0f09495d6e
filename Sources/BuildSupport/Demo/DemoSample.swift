import Foundation
import SiteMirrorKit

/// One source's sample site for `catalog demo`, declared in its `Source`: the answers the loopback mirror gives, and the tool
/// arguments a sample needs (thresholds sized for a handful of issues, not the real site).
package struct DemoSample: Sendable {
  /// The source the sample is for; `catalog demo` sets it from the source that declares it.
  package var source = ""
  /// One line for the demo's list: what the sample holds.
  package var summary: String
  package var arguments: [String] = []
  /// GET answers (200) by `host/path` or `host/path?query`, the path not percent-encoded.
  package var pages: [String: [UInt8]] = [:]
  /// HEAD sizes by `host/path` (answered by the mirror without a body file).
  package var sizes: [String: Int] = [:]
  /// Answers computed per request (tile archives, metadata APIs); nil falls through.
  package var dynamic: (@Sendable (MirrorRequest) -> MirrorResponse?)? = nil

  package init(summary: String, arguments: [String] = []) {
    self.summary = summary
    self.arguments = arguments
  }

  /// A simulated file size that depends only on the path, so both runs and every rerun agree.
  package static func size(of path: String) -> Int {
    var h = 0
    for b in path.utf8 { h = (h &* 31 &+ Int(b)) % 9_000_000 }
    return 500_000 + h
  }

  /// The key `pages` uses for a request.
  package static func key(_ r: MirrorRequest) -> String {
    r.host + (r.path.removingPercentEncoding ?? r.path) + (r.query.map { "?" + $0 } ?? "")
  }
}

/// The project's own fixture pages (`Fixtures/<Source>/`) a sample is made from.
package struct DemoFixtures: Sendable {
  package let root: URL

  package init(root: URL) { self.root = root }

  package enum Failure: Error, CustomStringConvertible {
    case noFixtures(looked: String)
    case missing(String)

    package var description: String {
      switch self {
      case .noFixtures(let looked):
        "no Fixtures folder at \(looked): the demo serves the project's fixture pages, so run it from the package (swift run catalog demo), or pass --fixtures <dir>"
      case .missing(let path): "\(path): fixture missing; the demo needs it (git checkout -- Fixtures)"
      }
    }
  }

  package func bytes(_ relative: String) throws(Failure) -> [UInt8] {
    let u = root.appendingPathComponent(relative)
    guard let d = FileManager.default.contents(atPath: u.path) else { throw .missing(u.path) }
    return [UInt8](d)
  }

  package func text(_ relative: String) throws(Failure) -> String {
    String(decoding: try bytes(relative), as: UTF8.self)
  }

  package func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}
