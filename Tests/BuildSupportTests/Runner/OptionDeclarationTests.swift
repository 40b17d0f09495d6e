import CatalogKit
import Foundation
import XCTest

@testable import BuildSupport

/// Every value on a command line is checked against its declaration when it is read: a bad one is a
/// usage error (exit 64) that names what the option takes.
final class OptionDeclarationTests: XCTestCase {
  static let maxDead = Option.integer(
    "--max-dead", value: "<percent>", 0...100, help: "Most dead issues.", default: 5)
  static let maxPages = Option.integer(
    "--max-pages", 1...10_000_000, help: "Stop the walk after this many pages.", default: 25_000)
  static let sizedShare = Option.share("--sized-share", help: "Least sized share.", default: 0.9)
  static let group = Option.choice("--group", value: "<g>", ["magazines", "books"], help: "One shelf.")
  static let years = Option.span("--years", value: "<from-to>", 1900...2100, help: "Years.", defaultText: "1974-1995")
  static let month = Option.integer("--month", 1...12, help: "Month.")
  let tool = BuildTool(
    catalogue: CatalogueSource(
      id: "sample", displayName: "Sample",
      files: ["sample-magazines.json", "sample-books.json"].map {
        CatalogueFileEntry($0, site: "sample", display: "Sample", base: "")
      }),
    abstract: "Build a sample catalogue.", hosts: ["example.org"],
    options: [
      OptionDeclarationTests.maxDead, OptionDeclarationTests.maxPages, OptionDeclarationTests.sizedShare,
      OptionDeclarationTests.group, OptionDeclarationTests.years,
      Option.flag("--plan", help: "Print the plan.", exclusiveGroup: "mode"),
      Option.flag("--probe", help: "Print the probe.", exclusiveGroup: "mode"),
      Option.choice("--build", value: "<group>", ["a", "b"], help: "Build.", exclusiveGroup: "mode"),
      OptionDeclarationTests.month, Option.integer("--number", 0...1_000_000, help: "Number."),
    ], fileSelector: OptionDeclarationTests.group.name)

  func usage(_ arguments: [String], environment: [String: String] = [:]) -> String? {
    do {
      _ = try BuildOptions.parse(arguments, tool: tool, environment: environment)
      return nil
    } catch let e as UsageError {
      return e.message
    } catch {
      return "not a usage error: \(error)"
    }
  }

  func testAShareOutsideZeroToOneOrNotANumberIsAUsageErrorNamingTheRange() {
    XCTAssertEqual(usage(["--sized-share", "1e300"]), "--sized-share takes a share from 0 to 1, not '1e300'.")
    XCTAssertEqual(usage(["--sized-share", "nan"]), "--sized-share takes a share from 0 to 1, not 'nan'.")
    XCTAssertEqual(usage(["--sized-share", "inf"]), "--sized-share takes a share from 0 to 1, not 'inf'.")
    XCTAssertEqual(usage(["--shrink-limit=-0.1"]), "--shrink-limit takes a share from 0 to 1, not '-0.1'.")
    XCTAssertNil(usage(["--sized-share", "0.5"]))
  }

  func testAWholeNumberOutsideItsRangeIsAUsageErrorNamingTheRange() {
    XCTAssertEqual(
      usage(["--max-dead", "9223372036854775807"]),
      "--max-dead takes a number from 0 to 100, not '9223372036854775807'.")
    XCTAssertEqual(
      usage(["--max-dead", "99999999999999999999"]),
      "--max-dead takes a number from 0 to 100, not '99999999999999999999'.")
    XCTAssertEqual(usage(["--max-pages", "-1"]), "--max-pages takes a number from 1 to 10000000, not '-1'.")
    XCTAssertEqual(usage(["--month", "13"]), "--month takes a number from 1 to 12, not '13'.")
    XCTAssertEqual(usage(["--number", "-5"]), "--number takes a number from 0 to 1000000, not '-5'.")
    XCTAssertEqual(usage(["--delay", "-1"]), "--delay takes a number from 0 to 600000, not '-1'.")
    XCTAssertEqual(usage(["--jobs", "9"]), "--jobs takes a number from 1 to 8, not '9'.")
  }

  func testDeclaredDefaultsAreTheValuesUsedWhenAnOptionIsNotGiven() throws {
    let o = try BuildOptions.parse([], tool: tool, environment: [:])
    XCTAssertEqual(o[OptionDeclarationTests.maxDead], 5)
    XCTAssertEqual(o[OptionDeclarationTests.maxPages], 25_000)
    XCTAssertEqual(o[OptionDeclarationTests.sizedShare], 0.9)
    XCTAssertEqual(o[OptionDeclarationTests.years], 1974...1995)
    XCTAssertNil(o[OptionDeclarationTests.month])
    XCTAssertNil(o[OptionDeclarationTests.group])
    let given = try BuildOptions.parse(
      ["--max-dead=7", "--years", "1980-1990", "--group", "books"], tool: tool, environment: [:])
    XCTAssertEqual(given[OptionDeclarationTests.maxDead], 7)
    XCTAssertEqual(given[OptionDeclarationTests.years], 1980...1990)
    XCTAssertEqual(given[OptionDeclarationTests.group], "books")
  }

  func testADateMustBeARealCalendarDay() {
    XCTAssertEqual(usage(["--date", "2025-02-30"]), "--date takes a date like 2026-11-30, not '2025-02-30'.")
    XCTAssertNotNil(usage(["--date", "2023-02-29"]))
    XCTAssertNotNil(usage(["--date", "2025-13-01"]))
    XCTAssertNotNil(usage(["--date", "+2025-01-01"]))
    XCTAssertNil(usage(["--date", "2024-02-29"]))
    XCTAssertNil(usage(["--date", "2000-02-29"]))
    XCTAssertNotNil(usage(["--date", "1900-02-29"]))
  }

  func testAnUnusableSourceDateEpochIsAUsageError() {
    for bad in ["abc", "99999999999999999999", "-1", "1.5", "253402300800"] {
      XCTAssertEqual(
        usage([], environment: ["SOURCE_DATE_EPOCH": bad]),
        "SOURCE_DATE_EPOCH takes whole seconds since 1970 from 0 to 253402300799, not '\(bad)'.", bad)
    }
    XCTAssertEqual(
      try BuildOptions.parse([], tool: tool, environment: ["SOURCE_DATE_EPOCH": "86400"]).date, "1970-01-02")
    // --date decides; the variable is not consulted.
    XCTAssertNil(usage(["--date", "2026-01-01"], environment: ["SOURCE_DATE_EPOCH": "abc"]))
  }

  func testAUserAgentWithControlCharactersIsRefusedAndShownEscaped() {
    XCTAssertEqual(
      usage(["--user-agent", "a\r\nX-Injected: 1"]),
      "--user-agent takes printable text without control characters, not 'a\\r\\nX-Injected: 1'.")
    XCTAssertNotNil(usage(["--user-agent", "a\u{1B}[2Jb"]))
    XCTAssertNotNil(usage(["--user-agent", "a\tb"]))
    XCTAssertNil(usage(["--user-agent", "Mozilla/5.0 (X11; Linux) Žuboks"]))
  }

  func testModesExcludeEachOther() {
    XCTAssertEqual(
      usage(["--plan", "--probe"]),
      "--plan and --probe cannot be used together; choose one of --plan, --probe or --build.")
    XCTAssertNotNil(usage(["--build", "a", "--plan"]))
    XCTAssertNil(usage(["--plan", "--plan"]))
  }

  func testOutputNamesOneFileSoAToolThatWritesSeveralNeedsItsSelector() {
    XCTAssertEqual(
      usage(["--output", "/tmp/x.json"]),
      "--output names one file, but sample-build writes 2 (sample-magazines.json, sample-books.json); "
        + "give a folder with --out or --group to write one.")
    XCTAssertNil(usage(["--output", "/tmp/x.json", "--group", "books"]))
  }

  func testChoicesAndMaxTimeAreChecked() throws {
    XCTAssertEqual(usage(["--group", "comics"]), "--group takes magazines or books, not 'comics'.")
    XCTAssertEqual(usage(["--build", "c"]), "--build takes a or b, not 'c'.")
    XCTAssertEqual(
      usage(["--max-time", "forever"]),
      "--max-time takes a length of time such as 90s, 45m or 5h30m (1s to 30d), not 'forever'.")
    XCTAssertNotNil(usage(["--max-time", "0s"]))
    XCTAssertNotNil(usage(["--max-time", "31d"]))
    XCTAssertNotNil(usage(["--max-time", "9223372036854775807h"]))
    XCTAssertEqual(try BuildOptions.parse(["--max-time", "90s"], tool: tool, environment: [:]).maxTimeSeconds, 90)
    XCTAssertEqual(try BuildOptions.parse(["--max-time", "30m"], tool: tool, environment: [:]).maxTimeSeconds, 1800)
    XCTAssertEqual(try BuildOptions.parse(["--max-time", "5h"], tool: tool, environment: [:]).maxTimeSeconds, 18_000)
    XCTAssertEqual(
      try BuildOptions.parse(["--max-time", "5h30m"], tool: tool, environment: [:]).maxTimeSeconds, 19_800)
  }

  func testAFlagGivenAValueIsAUsageError() {
    XCTAssertEqual(usage(["--no-network=yes"]), "--no-network takes no value, not 'yes'.")
  }

  func testHelpShowsEachRangeBesideItsDefault() {
    let help = Help.text(for: tool)
    XCTAssertTrue(help.contains("Most dead issues. (default: 5; 0 to 100)"), help)
    XCTAssertTrue(help.contains("Least sized share. (default: 0.9; 0 to 1)"), help)
    XCTAssertTrue(help.contains("Month. (1 to 12)"), help)
    XCTAssertTrue(help.contains("--max-time <time>"), help)
    XCTAssertTrue(help.contains("--version"), help)
  }

  func testTheVersionLineNamesTheToolTheVersionAndTheCommit() {
    XCTAssertEqual(BuildInfo.line("x-build"), "x-build \(BuildInfo.version) (commit \(BuildInfo.commit))")
    XCTAssertFalse(BuildInfo.record.libcurl.isEmpty)
    XCTAssertTrue(BuildInfo.record.sqlite.hasPrefix("3."), BuildInfo.record.sqlite)
    XCTAssertThrowsError(try BuildOptions.parse(["--version"], tool: tool, environment: [:])) { e in
      XCTAssertTrue(e is VersionRequested)
    }
  }
}
