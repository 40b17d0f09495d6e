import CatalogKit
import Foundation
import XCTest

@testable import BuildSupport

final class BuildRunnerTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("runner-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  let tool = BuildTool(
    catalogue: CatalogueSource(
      id: "sample", displayName: "Sample",
      files: [CatalogueFileEntry("sample.json", site: "sample", display: "Sample", base: "")]),
    abstract: "Build a sample catalogue.", hosts: ["example.org"],
    defaultDelayMS: 0,
    options: [BuildRunnerTests.minIssues])
  static let minIssues = Option.integer(
    "--min-issues", 0...1_000, help: "Fewest issues a full build may have.", defaultText: "3")

  func catalogue(_ n: Int, title: String = "Issue") -> IssueCatalogue {
    IssueCatalogue(
      generated: "2026-01-01", base: "https://archive.org/download/",
      series: [Series(key: "S", name: "Sample", code: "S")],
      issues: (1...n).map { Issue(id: "S_\($0)", series: "S", number: $0, title: "\(title) \($0)", zip: "z/\($0).zip") }
    )
  }

  func args(_ extra: String...) -> [String] {
    ["--cache", dir.appendingPathComponent("cache").path, "--out", dir.appendingPathComponent("out").path, "--quiet"]
      + extra
  }

  var outFile: String { dir.appendingPathComponent("out/sample.json").path }

  func build(_ c: IssueCatalogue, _ arguments: [String], rules: [ValidationRule<IssueCatalogue>] = []) async
    -> BuildRunner.Outcome
  {
    await BuildRunner.run(tool, arguments: arguments) { ctx in
      var c = c
      c.generated = ctx.options.date
      return [.issue(c, file: "sample.json", rules: rules, partial: ctx.options.only != nil)]
    }
  }

  func testEveryLineARunPrintsGoesThroughThePrinterItIsHanded() async throws {
    let out = Kept()
    let err = Kept()
    let printer = Printer(stdout: { out.add($0) }, stderr: { err.add($0) })
    let four = catalogue(4)
    let o = await BuildRunner.run(tool, arguments: args("--date", "2026-11-30"), printer: printer) { ctx in
      var c = four
      c.generated = ctx.options.date
      return [.issue(c, file: "sample.json")]
    }
    XCTAssertEqual(o.code, .ok)
    XCTAssertTrue(out.text.hasPrefix("sample.json  written    4 records"), out.text)
    XCTAssertTrue(out.text.contains("\nrequests 0  cache hits 0  stored 0  retried 0  failed 0  "), out.text)
    XCTAssertEqual(
      err.text, "warning: sample.json: WARN issues/live-has-bytes: 4 live issues have no size: S_1, S_2, S_3, S_4\n")
    let bad = await BuildRunner.run(tool, arguments: ["--jobs", "0"], printer: printer) { _ in [] }
    XCTAssertEqual(bad.code, .usage)
    XCTAssertTrue(
      err.text.hasSuffix(
        "error: --jobs takes a number from 1 to 8, not '0'.\nUSAGE: sample-build [<options>]\nSee 'sample-build --help'.\n"
      ), err.text)
  }

  /// Text a printer was given, in order.
  final class Kept: @unchecked Sendable {
    // One lock guards `parts`: the runner prints from its tasks.
    private let lock = NSLock()
    private var parts: [String] = []
    func add(_ s: String) { lock.withLock { parts.append(s) } }
    var text: String { lock.withLock { parts.joined() } }
  }

  func testAValidCatalogueIsWrittenInTheCanonicalEncoding() async throws {
    let o = await build(catalogue(3), args("--date", "2026-11-30"))
    XCTAssertEqual(o.code, .ok)
    let bytes = try XCTUnwrap(FileManager.default.contents(atPath: outFile))
    XCTAssertEqual(
      [UInt8](bytes),
      try CatalogueEncoder.encode(
        {
          var c = catalogue(3)
          c.generated = "2026-11-30"
          return c
        }()))
    XCTAssertEqual(o.report?.products.first?.status, .written)
  }

  func testARebuildWithTheSameContentOnAnotherDayLeavesTheFileByteIdentical() async throws {
    _ = await build(catalogue(3), args("--date", "2026-11-01"))
    let before = try XCTUnwrap(FileManager.default.contents(atPath: outFile))
    let o = await build(catalogue(3), args("--date", "2026-11-30"))
    XCTAssertEqual(o.code, .ok)
    XCTAssertEqual(o.report?.products.first?.status, .unchanged)
    XCTAssertEqual(FileManager.default.contents(atPath: outFile), before)
  }

  func testAnErrorRuleRefusesTheWriteAndLeavesThePreviousFileUntouched() async throws {
    _ = await build(catalogue(3), args("--date", "2026-11-01"))
    let before = try XCTUnwrap(FileManager.default.contents(atPath: outFile))
    let tooFew = ValidationRule<IssueCatalogue>("threshold/minimum-issues") { c in
      c.issues.count < 5 ? Finding(rule: "", severity: .error, message: "only \(c.issues.count) issues") : nil
    }
    let o = await build(catalogue(4, title: "Changed"), args("--date", "2026-11-30"), rules: [tooFew])
    XCTAssertEqual(o.code, .invalid)
    XCTAssertEqual(o.report?.products.first?.status, .refused)
    XCTAssertEqual(FileManager.default.contents(atPath: outFile), before)
  }

  func testAPartialBuildReportsThresholdsWithoutEnforcingThem() async throws {
    let tooFew = ValidationRule<IssueCatalogue>("threshold/minimum-issues") { c in
      c.issues.count < 5 ? Finding(rule: "", severity: .error, message: "only \(c.issues.count) issues") : nil
    }
    let o = await build(catalogue(2), args("--only", "S"), rules: [tooFew])
    XCTAssertEqual(o.code, .ok)
    XCTAssertEqual(o.report?.products.first?.findings.first?.severity, .warning)
  }

  func testAPartialBuildIsNotWrittenOverAFullCatalogue() async throws {
    _ = await build(catalogue(40), args())
    let before = try XCTUnwrap(FileManager.default.contents(atPath: outFile))
    let o = await build(catalogue(3), args("--only", "S"))
    XCTAssertEqual(o.code, .invalid)
    XCTAssertEqual(o.report?.products.first?.findings.contains { $0.rule == "catalogue/shrink" }, true)
    XCTAssertEqual(FileManager.default.contents(atPath: outFile), before)
  }

  func testARebuildThatDropsTooManyIssuesIsRefusedUnlessAllowed() async throws {
    _ = await build(catalogue(40), args())
    let before = try XCTUnwrap(FileManager.default.contents(atPath: outFile))
    let o = await build(catalogue(30), args())
    XCTAssertEqual(o.code, .invalid)
    let shrink = o.report?.products.first?.findings.first { $0.rule == "catalogue/shrink" }
    XCTAssertEqual(shrink?.count, 10)
    XCTAssertEqual(shrink?.records.first, "S/S_31")
    XCTAssertEqual(FileManager.default.contents(atPath: outFile), before)
    let allowed = await build(catalogue(30), args("--allow-shrink"))
    XCTAssertEqual(allowed.code, .ok)
  }

  func testNoNetworkWithAColdCacheExits69AndNamesEveryURL() async throws {
    let o = await BuildRunner.run(tool, arguments: args("--no-network")) { ctx in
      _ = try await ctx.fetcher.getAll([URL(string: "https://example.org/a")!, URL(string: "https://example.org/b")!])
      return []
    }
    XCTAssertEqual(o.code, .unavailable)
    XCTAssertEqual(o.report?.missingURLs, ["https://example.org/a", "https://example.org/b"])
    XCTAssertFalse(FileManager.default.fileExists(atPath: outFile))
  }

  func testUsageErrorsExit64AndSuggestANearOption() async throws {
    let bad = await build(catalogue(3), ["--jobs", "x"])
    XCTAssertEqual(bad.code, .usage)
    XCTAssertThrowsError(try BuildOptions.parse(["--no-netwrk"], tool: tool)) { e in
      XCTAssertEqual("\(e)", "Unknown option '--no-netwrk'. Did you mean '--no-network'?")
    }
    XCTAssertThrowsError(try BuildOptions.parse(["--jobs", "9"], tool: tool)) { e in
      XCTAssertEqual("\(e)", "--jobs takes a number from 1 to 8, not '9'.")
    }
  }

  func testToolOptionsAndSharedOptionsParse() throws {
    let o = try BuildOptions.parse(
      [
        "--only", "a,b", "--only=c", "--min-issues", "7", "--date", "2026-02-03", "--jobs", "3", "--mirror",
        "http://127.0.0.1:9",
      ],
      tool: tool, environment: [:])
    XCTAssertEqual(o.only, ["a", "b", "c"])
    XCTAssertEqual(o[BuildRunnerTests.minIssues], 7)
    XCTAssertEqual(o.date, "2026-02-03")
    XCTAssertEqual(o.jobs, 3)
    XCTAssertEqual(o.mirror?.absoluteString, "http://127.0.0.1:9")
    XCTAssertNil(o.probeDelayMS)
    XCTAssertEqual(try BuildOptions.parse(["--probe-delay", "250"], tool: tool).probeDelayMS, 250)
    XCTAssertEqual(
      try BuildOptions.parse([], tool: tool, environment: ["SOURCE_DATE_EPOCH": "86400"]).date, "1970-01-02")
  }

  func testTheHelpScreenHasTheHouseShape() {
    let help = Help.text(for: tool)
    XCTAssertTrue(help.hasPrefix("OVERVIEW: Build a sample catalogue.\n\nUSAGE: sample-build "))
    XCTAssertTrue(help.contains("SAMPLE-BUILD OPTIONS:\n  --min-issues <n>"))
    XCTAssertTrue(help.contains("Fewest issues a full build may have. (default: 3; 0 to 1000)"), help)
    XCTAssertTrue(help.contains("--cache <dir>"))
    XCTAssertTrue(help.contains("(default: .sample-cache)"))
    XCTAssertTrue(help.contains("EXIT CODES: 0 written or unchanged, 64 usage"))
  }
}
