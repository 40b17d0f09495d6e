import CatalogKit
import Foundation
import SiteMirrorKit

/// Atarimania's sample: the magazine index of `Fixtures/Atarimania/index-three-titles.html` (three
/// titles, one listed twice, one link that is not a title) and one page per title from
/// `title-template.html`, with a HEAD size for every PDF. The build sends its browser User-Agent,
/// so the simulated site never needs to play the CDN's challenge.
enum AtarimaniaDemo {
  static let titles: [(String, String)] = [
    ("901", "Foo & Bar!"), ("902", "Café Club"), ("903", "VCS Owner's Club Bulletin"),
  ]

  @Sendable static func sample(_ fx: DemoFixtures) throws -> DemoSample {
    let host = AtarimaniaSite.host
    let template = try fx.text("Atarimania/title-template.html")
    var s = DemoSample(summary: "the magazine index and its \(titles.count) title pages; sizes for every PDF")
    s.pages["\(host)/magazines"] = try fx.bytes("Atarimania/index-three-titles.html")
    for (id, name) in titles {
      let escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "'", with: "&#x27;")
      s.pages["\(host)/magazines/\(id)"] = Array(
        template.replacingOccurrences(of: "{{ID}}", with: id).replacingOccurrences(of: "{{NAME}}", with: escaped).utf8)
    }
    s.dynamic = { req in
      guard req.host == host, req.method == "HEAD", req.path.hasPrefix("/mags/pdf/") else { return nil }
      return MirrorResponse(
        status: 200, headers: ["Content-Type": "application/pdf"], contentLength: DemoSample.size(of: req.path))
    }
    s.arguments = ["--min-issues", "0"]
    return s
  }
}
