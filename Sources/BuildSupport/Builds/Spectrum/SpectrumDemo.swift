import CatalogKit
import Foundation
import ShelfmarkSamples
import SiteMirrorKit

/// Spectrum Computing's sample: the fixture ZXDB dump (`Fixtures/Spectrum/zxdb-small.sql`) zipped
/// here, at demo time, and served where spectrum-build fetches the dump; plus a simulated archive.org
/// metadata API that knows the items the dump's download masks point at. Items it does not know
/// answer `{}`, as archive.org does for an identifier it has never had.
enum SpectrumDemo {
  /// Identifier → (file name, size): one readable file per item.
  static let items: [String: (String, Int)] = [
    "crash-magazine-01": ("Crash_01_Feb_1984.pdf", 41_234_567),
    "crash-magazine-02": ("Crash_02_Mar_1984.pdf", 50_000_000),
    "crash-magazine-04-poster": ("Crash_04_May_1984.pdf", 4_000_000),
    "crash-xmas-1984": ("Crash Christmas 1984.pdf", 31_984_000),
    "crash-magazine-05": ("Crash_05_Jan_1985.pdf", 55_555_000),
    "Ace_Magazine_Issue_01": ("Ace_Magazine_Issue_01.pdf", 32_850_453),
    "Ace_Magazine_Issue_02": ("Ace_Magazine_Issue_02.pdf", 69_818_402),
    "ace-4-special": ("ACE 4.pdf", 44_440_000),
    "PCW830512": ("PCW_1983_05_12.pdf", 8_305_120),
    "bare-bones-1": ("Bare Bones 1.pdf", 1_010_000),
    "plus-3-contact-issue-15": ("Plus-3-Contact-Issue-15.pdf", 1_369_287),
    "plus-3-contact-issue-16": ("Plus-3-Contact-Issue-16.pdf", 1_510_267),
    "qlhj-01": ("QL Hacker's Journal 01.pdf", 450_100),
    "qlhj-02": ("QL Hacker's Journal 02.pdf", 460_200),
    "explorers-guide-to-the-zx-spectrum-and-zx-81-kasper-boonacme": (
      "Explorers_guide_to_the_ZX_Spectrum_and_ZX81(Kasper_BOON)(acme).pdf", 114_874_005
    ),
    "timex-sinclair-computer-games-programs": ("Timex Sinclair Computer Games Programs.pdf", 78_427_659),
    "complete-spectrum-rom-disassembly": ("Complete ROM.pdf", 10_000_000),
  ]

  @Sendable static func sample(_ fx: DemoFixtures) throws -> DemoSample {
    let writer = ZipWriter(entryName: "ZXDB_mysql.sql")
    writer.write(try fx.bytes("Spectrum/zxdb-small.sql"))
    var s = DemoSample(
      summary:
        "a small ZXDB dump, zipped now; a simulated archive.org metadata API for \(Plural.count(items.count, "item"))")
    s.pages["raw.githubusercontent.com/zxdb/ZXDB/master/ZXDB_mysql.sql.zip"] = writer.finish()
    s.dynamic = { req in
      guard req.host == "archive.org", req.path.hasPrefix("/metadata/") else { return nil }
      let raw = String(req.path.dropFirst("/metadata/".count))
      return MirrorResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: metadata(raw.removingPercentEncoding ?? raw))
    }
    return s
  }

  /// The metadata API's answer for one identifier, in its shape: `metadata` and `files`.
  static func metadata(_ id: String) -> [UInt8] {
    guard let (name, size) = items[id] else { return Array("{}".utf8) }
    let object: [String: Any] = [
      "metadata": ["identifier": id, "title": id, "mediatype": "texts"],
      "files": [
        ["name": name, "format": "Image Container PDF", "size": String(size), "source": "original"],
        ["name": "\(id)_meta.xml", "format": "Metadata", "size": "900", "source": "metadata"],
      ],
    ]
    return [UInt8]((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8))
  }
}
