import CatalogKit
import Foundation
import XCTest

@testable import BuildSupport

/// What a run leaves behind when something goes wrong: a set of files written whole or not at all,
/// nothing at a deadline, plain sentences and the right exit code for I/O and our own faults.
final class RunOutcomeTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("outcome-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  let tool = BuildTool(
    catalogue: CatalogueSource(
      id: "pair", displayName: "Pair",
      files: ["a.json", "b.json"].map { CatalogueFileEntry($0, site: "pair", display: "Pair", base: "") }),
    abstract: "Build two sample catalogues.", hosts: ["example.org"], defaultDelayMS: 0)

  static func catalogue(_ n: Int) -> IssueCatalogue {
    IssueCatalogue(
      generated: "2026-01-01", base: "https://archive.org/download/",
      series: [Series(key: "S", name: "Sample", code: "S")],
      issues: (1...n).map { Issue(id: "S_\($0)", series: "S", number: $0, title: "Issue \($0)", zip: "z/\($0).zip") })
  }

  func path(_ p: String) -> String { dir.appendingPathComponent(p).path }

  func args(_ extra: String...) -> [String] {
    ["--cache", path("cache"), "--out", path("out"), "--quiet", "--date", "2026-01-01"] + extra
  }

  static let atLeastFive = ValidationRule<IssueCatalogue>("threshold/minimum-issues") { c in
    c.issues.count < 5 ? Finding(rule: "", severity: .error, message: "only \(c.issues.count) issues") : nil
  }

  func testARunWritesAllItsFilesOrNoneWhenOneIsRefused() async throws {
    let rule = Self.atLeastFive
    let o = await BuildRunner.run(tool, arguments: args()) { _ in
      [
        .issue(Self.catalogue(6), file: "a.json", rules: [rule]),
        .issue(Self.catalogue(3), file: "b.json", rules: [rule]),
      ]
    }
    XCTAssertEqual(o.code, .invalid)
    XCTAssertEqual(o.report?.products.map(\.status), [.withheld, .refused])
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("out/a.json")))
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("out/b.json")))

    let ok = await BuildRunner.run(tool, arguments: args()) { _ in
      [
        .issue(Self.catalogue(6), file: "a.json", rules: [rule]),
        .issue(Self.catalogue(7), file: "b.json", rules: [rule]),
      ]
    }
    XCTAssertEqual(ok.code, .ok)
    XCTAssertTrue(FileManager.default.fileExists(atPath: path("out/a.json")))
    XCTAssertTrue(FileManager.default.fileExists(atPath: path("out/b.json")))
  }

  func testAtTheDeadlineNothingIsWrittenTheCacheIsKeptAndTheRunExits75() async throws {
    let o = await BuildRunner.run(tool, arguments: args("--max-time", "1s"), transport: Answer()) { ctx in
      _ = try await ctx.fetcher.get(URL(string: "https://example.org/first")!)
      try await Task.sleep(nanoseconds: 1_100_000_000)
      _ = try await ctx.fetcher.get(URL(string: "https://example.org/second")!)
      return [.issue(Self.catalogue(6), file: "a.json")]
    }
    XCTAssertEqual(o.code, .tempfail)
    XCTAssertEqual(o.report?.error?.contains("--max-time budget ran out"), true, o.report?.error ?? "")
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("out/a.json")))
    let cached = try FileManager.default.subpathsOfDirectory(atPath: path("cache"))
    XCTAssertFalse(cached.isEmpty, "the first page stays cached")
  }

  func testADeadlineThatPassesAfterTheLastRequestStillWritesNothing() async throws {
    let o = await BuildRunner.run(tool, arguments: args("--max-time", "1s")) { _ in
      try await Task.sleep(nanoseconds: 1_100_000_000)
      return [.issue(Self.catalogue(6), file: "a.json")]
    }
    XCTAssertEqual(o.code, .tempfail)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("out/a.json")))
  }

  func testAnOutputFolderThatIsAFileExits74WithAPlainSentence() async throws {
    XCTAssertTrue(FileManager.default.createFile(atPath: path("out"), contents: Data("x".utf8)))
    let o = await BuildRunner.run(tool, arguments: args()) { _ in [.issue(Self.catalogue(6), file: "a.json")] }
    XCTAssertEqual(o.code, .io)
    let error = try XCTUnwrap(o.report?.error)
    XCTAssertTrue(
      error.hasPrefix(path("out") + ": could not use it as the output folder (--out): Not a directory"), error)
    XCTAssertFalse(error.contains("NSCocoaErrorDomain"), error)
  }

  func testACacheThatIsAFileOrSitsBelowAFileExits74() async throws {
    XCTAssertTrue(FileManager.default.createFile(atPath: path("cache"), contents: Data("x".utf8)))
    let o = await BuildRunner.run(tool, arguments: args()) { _ in [.issue(Self.catalogue(6), file: "a.json")] }
    XCTAssertEqual(o.code, .io)
    XCTAssertTrue(o.report?.error?.contains("could not use it as the cache folder") == true, o.report?.error ?? "")

    let below = ["--cache", path("cache/inner"), "--out", path("out"), "--quiet"]
    let p = await BuildRunner.run(tool, arguments: below) { _ in [.issue(Self.catalogue(6), file: "a.json")] }
    XCTAssertEqual(p.code, .io)
    XCTAssertFalse(p.report?.error?.contains("NSCocoaErrorDomain") ?? true)
  }

  func testAFoundationFileErrorBecomesASentenceNamingThePathAndExits74() async throws {
    let missing = URL(fileURLWithPath: path("nowhere/missing.json"))
    let o = await BuildRunner.run(tool, arguments: args()) { _ in
      _ = try Data(contentsOf: missing)
      return []
    }
    XCTAssertEqual(o.code, .io)
    let error = try XCTUnwrap(o.report?.error)
    XCTAssertTrue(error.contains("missing.json"), error)
    XCTAssertFalse(error.contains("Domain="), error)
  }

  func testAnErrorNobodyClassifiedExits70NotSixtyFive() async throws {
    struct Surprise: Error, CustomStringConvertible { var description: String { "a surprise" } }
    let o = await BuildRunner.run(tool, arguments: args()) { _ in throw Surprise() }
    XCTAssertEqual(o.code, .software)
    XCTAssertEqual(o.report?.error?.contains("a surprise"), true)
  }

  func testAMalformedPageStillExits65() async throws {
    let o = await BuildRunner.run(tool, arguments: args()) { _ in throw ZipError.noEndRecord(archive: "x.zip", size: 3)
    }
    XCTAssertEqual(o.code, .invalid)
  }

  func testEveryReportCarriesTheVersions() async throws {
    let o = await BuildRunner.run(tool, arguments: args()) { _ in [.issue(Self.catalogue(6), file: "a.json")] }
    XCTAssertEqual(o.report?.versions, BuildInfo.record)
    XCTAssertEqual(o.report?.versions?.shelfmark, BuildInfo.version)
  }
}

/// Answers every request with a small page.
private struct Answer: Transport {
  func send(_ request: TransportRequest) async throws -> TransportResponse {
    TransportResponse(status: 200, headers: ["content-type": "text/html"], body: Array("<p>ok</p>".utf8))
  }
}
