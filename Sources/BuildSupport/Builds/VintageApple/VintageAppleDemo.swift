import CatalogKit
import Foundation
import SiteMirrorKit

/// Vintage Apple's sample: every one of the sixteen section pages made from
/// `Fixtures/VintageApple/section-template.html` (four rows in the site's table markup: dated, undated,
/// and one file listed twice), with a HEAD size for every PDF.
enum VintageAppleDemo {
  @Sendable static func sample(_ fx: DemoFixtures) throws -> DemoSample {
    let host = VintageAppleSection.host
    let template = try fx.text("VintageApple/section-template.html")
    var s = DemoSample(
      summary: "all \(VintageAppleSection.all.count) section pages (magazines and books); sizes for every PDF")
    for section in VintageAppleSection.all {
      s.pages["\(host)/\(section.slug)/"] = Array(
        template.replacingOccurrences(of: "{{SLUG}}", with: section.slug).utf8)
    }
    s.dynamic = { req in
      guard req.host == host, req.method == "HEAD", req.path.hasSuffix(".pdf") else { return nil }
      return MirrorResponse(
        status: 200, headers: ["Content-Type": "application/pdf"], contentLength: DemoSample.size(of: req.path))
    }
    s.arguments = ["--min-magazines", "1", "--min-books", "1"]
    return s
  }
}
