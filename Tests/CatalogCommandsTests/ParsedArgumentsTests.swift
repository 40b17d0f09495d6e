import BuildSupport
import CatalogKit
import XCTest

@testable import CatalogCommands

/// A subcommand's options are declared once and read back through their declarations: values are
/// checked by the declared kind and range while parsing, and a value not given reads as the
/// declared default.
final class ParsedArgumentsTests: XCTestCase {
  private func parse<C: Subcommand>(_ command: C.Type, _ arguments: [String]) throws -> ParsedArguments {
    try ParsedArguments.parse(arguments, options: command.options)
  }

  private func problem<C: Subcommand>(_ command: C.Type, _ arguments: [String]) -> String? {
    do {
      _ = try ParsedArguments.parse(arguments, options: command.options)
      return nil
    } catch {
      return error.description
    }
  }

  func testAValueReadsAsItsDeclaredTypeAndAnAbsentOneAsItsDefault() throws {
    let given = try parse(
      DiffCommand.self, ["a", "b", "--max-removed", "1.5%", "--ignore", "bytes, generated", "--stat"])
    XCTAssertEqual(given.positionals, ["a", "b"])
    XCTAssertEqual(given[DiffCommand.maxRemoved], 1.5)
    XCTAssertEqual(given[DiffCommand.ignore], ["bytes", "generated"])
    XCTAssertTrue(given[DiffCommand.stat])
    XCTAssertFalse(given[DiffCommand.json])
    let absent = try parse(DiffCommand.self, ["a", "b"])
    XCTAssertNil(absent[DiffCommand.maxRemoved])
    XCTAssertFalse(absent.has(DiffCommand.site))

    let cache = try parse(CacheCommand.self, ["prune"])
    XCTAssertEqual(cache[CacheCommand.days], 90)
    XCTAssertEqual(cache[CacheCommand.warcVersion], .v11)
    XCTAssertEqual(try parse(CacheCommand.self, ["export", "--warc-version=1.0"])[CacheCommand.warcVersion], .v10)
    XCTAssertEqual(try parse(CheckCommand.self, ["x"])[CheckCommand.expect], .all)
    XCTAssertEqual(try parse(ValidateCommand.self, ["--numbering", "gaps"])[ValidateCommand.numbering], .gapsAllowed)
    XCTAssertEqual(try parse(BuildCommand.self, ["--all"])[BuildCommand.statsEvery], 60)
    XCTAssertEqual(try parse(BuildCommand.self, ["--all", "--max-time", "1h30m"])[BuildCommand.maxTime], 5400)
    XCTAssertEqual(
      try parse(BuildCommand.self, ["--with", "retrospec:--only=SK,RA", "--with", "archive:--no-probe"])[
        BuildCommand.with], ["retrospec:--only=SK,RA", "archive:--no-probe"], "a --with value keeps its commas")
  }

  func testAValueOutsideItsDeclaredRangeIsRefusedNamingTheRange() {
    XCTAssertEqual(
      problem(DiffCommand.self, ["--max-removed", "100.5"]),
      "--max-removed takes a percentage from 0 to 100, not '100.5'.")
    XCTAssertEqual(
      problem(DiffCommand.self, ["--max-removed", "inf"]), "--max-removed takes a percentage from 0 to 100, not 'inf'.")
    XCTAssertEqual(problem(DemoCommand.self, ["--slow", "-1"]), "--slow takes a number from 0 to 60000, not '-1'.")
    XCTAssertEqual(
      problem(DemoCommand.self, ["--date", "2026-02-30"]), "--date takes a date like 2026-11-30, not '2026-02-30'.")
    XCTAssertEqual(problem(CheckCommand.self, ["--expect", "most"]), "--expect takes all or present, not 'most'.")
    XCTAssertEqual(
      problem(CacheCommand.self, ["--warc-version", "0.9"]), "--warc-version takes 1.0 or 1.1, not '0.9'.")
    XCTAssertEqual(
      problem(BuildCommand.self, ["--max-time", "31d"]),
      "--max-time takes a length of time such as 90s, 45m or 5h30m (1s to 30d), not '31d'.")
    XCTAssertEqual(problem(BuildCommand.self, ["--jobs", "9"]), "--jobs takes a number from 1 to 8, not '9'.")
  }

  func testOptionsOfOneGroupAreRefusedTogetherInTheOrderGiven() {
    XCTAssertEqual(problem(DiffCommand.self, ["--stat", "--json"]), "choose one of --stat, --json, not both.")
    XCTAssertEqual(
      problem(BuildCommand.self, ["--no-history", "--history", "h"]), "choose one of --no-history, --history, not both."
    )
    XCTAssertNil(problem(DiffCommand.self, ["--stat", "--stat"]))
  }

  func testHelpIsAskedForBeforeAnythingElseIsChecked() throws {
    XCTAssertTrue(try parse(DiffCommand.self, ["--stat", "--json", "-h"]).wantsHelp)
    XCTAssertEqual(problem(StatsCommand.self, ["--jsn"]), "unknown option '--jsn'; did you mean '--json'?")
  }

  /// One declaration per spelling in each subcommand, and every declared option on its help screen.
  func testEverySubcommandDeclaresEachOptionOnceAndShowsItInHelp() {
    for command in CatalogCommand.subcommands {
      let names = command.options.map(\.declaration.name)
      XCTAssertEqual(Set(names).count, names.count, "\(command.name) declares an option twice: \(names)")
      for o in command.options.map(\.declaration) {
        let label = o.value.map { "\(o.name) \($0)" } ?? o.name
        XCTAssertTrue(command.help.contains("\n  \(label)  "), "\(command.name) --help lists \(label)")
      }
    }
  }

  /// The usage line is written by hand (its shape says which options go together), so it may
  /// name only options the subcommand declares.
  func testEveryOptionAUsageLineNamesIsDeclared() {
    for command in CatalogCommand.subcommands {
      let declared = Set(command.options.map(\.declaration.name))
      let named = command.usage.split(whereSeparator: { " []|".contains($0) }).filter { $0.hasPrefix("--") }
      XCTAssertFalse(named.isEmpty && !declared.isEmpty, command.name)
      for word in named {
        XCTAssertTrue(
          declared.contains(String(word)), "catalog \(command.name)'s usage names \(word), which it does not declare")
      }
    }
  }
}
