import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkSamples
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// The chaos suite: whole generated sites of RetroSpec, Atarimania and Vintage Apple behind a
/// seeded fault-injecting mirror, one trial per fault kind (a tenth of the URLs, or two pages in five
/// for the kinds that only hit a page's body) and three
/// mixed trials (5% of URLs, every kind). Seeded, so a failure repeats exactly; each prints its
/// outcomes for the closing note.
final class ChaosSuiteTests: XCTestCase {
  /// Stalls are shortened from the 3 s seen in the field: they test the same path.
  private static func plan(_ seed: UInt64, _ rate: Double, _ kinds: [ChaosPlan.Kind]) -> ChaosPlan {
    ChaosPlan(seed: seed, rate: rate, kinds: kinds, stallMilliseconds: 300)
  }

  /// Kinds that only hit a GET's body meet a site's few pages (Atarimania has nine): those fault two
  /// pages in five, so each trial faults some; the rest fault one URL in ten.
  private static func rate(_ kind: ChaosPlan.Kind) -> Double {
    switch kind {
    case .reset, .lyingLength, .halfBody, .empty200, .errorPage200: 0.4
    case .burst5xx, .tooMany, .tooManyRetryAfter, .stall, .headZero, .headErrorPage: 0.1
    }
  }

  private func runSuite(_ site: ChaosSite, pageKinds: Bool = true) throws {
    try site.buildClean()
    var tally: [String: Int] = [:]
    for (n, kind) in ChaosPlan.Kind.allCases.enumerated() {
      let outcome = try site.trial(kind.rawValue, plan: Self.plan(UInt64(17 + n), Self.rate(kind), [kind]))
      tally["\(kind.rawValue) \(outcome.rawValue)", default: 0] += 1
      print("chaos \(site.tool) \(kind.rawValue): \(outcome.rawValue)")
    }
    for seed: UInt64 in [101, 202, 303] {
      let outcome = try site.trial("mix-\(seed)", plan: Self.plan(seed, 0.05, ChaosPlan.Kind.allCases))
      tally["mix \(outcome.rawValue)", default: 0] += 1
      print("chaos \(site.tool) mix seed \(seed): \(outcome.rawValue)")
    }
  }

  func testRetroSpecUnderChaosEndsIdenticalOrRefusedAndHeals() throws {
    let site = try ChaosSite(
      tool: "retrospec-build", arguments: ["--min-issues", "1"], files: ["retrospec-catalog.json"]
    ) { _ = try GeneratedRetroSpec(issuesPerSeries: 6).write(into: $0) }
    try runSuite(site)
  }

  func testAtarimaniaUnderChaosEndsIdenticalOrRefusedAndHeals() throws {
    let site = try ChaosSite(
      tool: "atarimania-build", arguments: ["--min-issues", "0"],
      files: Sources.catalogues.files(ofSource: "atarimania").map(\.file)
    ) { _ = try GeneratedAtarimania(titles: 8, issuesPerTitle: 8).write(into: $0) }
    try runSuite(site)
  }

  func testVintageAppleUnderChaosEndsIdenticalOrRefusedAndHeals() throws {
    let site = try ChaosSite(
      tool: "vintageapple-build", arguments: ["--min-magazines", "1", "--min-books", "1"],
      files: Sources.catalogues.files(ofSource: "vintageapple").map(\.file)
    ) { _ = try GeneratedVintageApple(slugs: VintageAppleSection.all.map(\.slug), rowsPerSection: 6).write(into: $0) }
    try runSuite(site)
  }
}
