import CatalogKit
import Foundation
import SiteMirrorKit

/// Stripovi.com's sample: the reader pages of `Fixtures/Stripovi/` for comics 2, 6, 7 and 12 (page 10
/// of comics 6 and 7 made from their page 1 by numbering the image as page 10), every other id answered
/// with the site's front page, as the real site does; the shelf fields come from the fixture previous
/// catalogue, since reader pages do not show them.
enum StripoviDemo {
  @Sendable static func sample(_ fx: DemoFixtures) throws -> DemoSample {
    let six = try fx.text("Stripovi/comic-6-page-1.html")
    let seven = try fx.text("Stripovi/comic-7-page-1-run-heading.html")
    let pages: [String: [UInt8]] = [
      "2/1": try fx.bytes("Stripovi/comic-2-page-1.html"),
      "2/10": try fx.bytes("Stripovi/comic-2-page-10.html"),
      "6/1": Array(six.utf8),
      "6/10": Array(six.replacingOccurrences(of: "mm0101", with: "mm0110").utf8),
      "7/1": Array(seven.utf8),
      "7/10": Array(seven.replacingOccurrences(of: "mm0201", with: "mm0210").utf8),
      "12/1": try fx.bytes("Stripovi/comic-12-page-1.html"),
      "12/10": try fx.bytes("Stripovi/comic-12-page-10.html"),
      "12/126": try fx.bytes("Stripovi/comic-12-page-126.html"),
    ]
    let front = try fx.bytes("Stripovi/not-a-reader-page.html")
    var s = DemoSample(summary: "reader pages of 4 comics; ids 1-17 walked until 5 in a row are not comics")
    s.dynamic = { req in
      guard req.host == StripoviReaderPage.host, req.path == "/index.asp", let q = req.query else { return nil }
      var fields: [String: String] = [:]
      for pair in q.split(separator: "&") {
        let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
        if kv.count == 2 { fields[kv[0]] = kv[1] }
      }
      let key = "\(fields["ComicID"] ?? "")/\(fields["PageCount"] ?? "")"
      return MirrorResponse(status: 200, headers: ["Content-Type": "text/html"], body: pages[key] ?? front)
    }
    s.arguments = ["--previous", fx.path("Stripovi/previous-catalog.json"), "--max-missing", "5"]
    return s
  }
}
