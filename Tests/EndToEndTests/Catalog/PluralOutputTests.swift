import Foundation
import ShelfmarkTestSupport
import XCTest

/// Every counted noun the tools print agrees with its count: builds of the demo's samples cut to
/// none, one and two RetroSpec issues, every source's sample, and `catalog` on one and two files,
/// with what each tool printed, its report's notes, summaries, warnings and findings all read.
final class PluralOutputTests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws { dir = try Tool.temporaryDirectory("plural-output") }
  override func tearDownWithError() throws { if let dir { try? FileManager.default.removeItem(at: dir) } }

  /// Words that end in s and count one thing anyway.
  static let singularWithS: Set<String> = ["series", "ms", "status", "news"]
  /// Nouns the tools count, in the singular: after 0 or 2 and more they must be plural.
  static let countedNouns = [
    "issue", "file", "page", "record", "catalogue", "entry", "title", "comic", "request", "warning", "error", "item",
    "answer", "problem", "finding", "rebuild", "row", "size", "section", "sample", "episode", "day", "cache",
  ]

  /// "1 issues" or "2 issue": the count, the noun, and the line it stands in.
  static func disagreements(in text: String) -> [String] {
    var out: [String] = []
    for line in text.split(separator: "\n") {
      out += disagreements(inLine: line)
    }
    return out
  }

  /// Within one line: a count at the end of a line is a table's cell, not a count of the next line's word.
  static func disagreements(inLine line: Substring) -> [String] {
    var out: [String] = []
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "(" })
    for (i, word) in words.enumerated().dropLast() {
      guard let n = Int(word), n >= 0 else { continue }
      if i > 0, let before = words[i - 1].last, before == "/" || before.isNumber { continue }
      let noun = words[i + 1].prefix { $0.isLetter }
      guard !noun.isEmpty, noun.allSatisfy(\.isLowercase) else { continue }
      let next = String(noun)
      if n == 1, next.hasSuffix("s"), !singularWithS.contains(next), next.count > 2 {
        out.append("\(word) \(words[i + 1])")
      } else if n != 1, countedNouns.contains(next), words[i + 1].dropFirst(next.count).first != "-" {
        out.append("\(word) \(words[i + 1])")
      }
    }
    return out
  }

  func testTheCheckerFindsWhatItIsFor() {
    XCTAssertEqual(Self.disagreements(in: "index: 1 issues across 1 series"), ["1 issues"])
    XCTAssertEqual(Self.disagreements(in: "asking 2 file their size; 0 page"), ["2 file", "0 page"])
    XCTAssertEqual(Self.disagreements(in: "1 issue, 2 issues, 0 files, 1 series, 14/14 issues, 3 ms"), [])
  }

  func testBuildsOfNoneOneAndTwoIssuesCountTheirNouns() throws {
    let mirror = try DemoMirrorProcess()
    defer { mirror.stop() }
    var texts: [(String, String)] = []
    // RetroSpec's sample: RA has one issue, SK two, PV none (that build is refused: no issues).
    for (label, only) in [("zero", "PV"), ("one", "RA"), ("two", "SK")] {
      texts += try build(
        label, ["retrospec", "--with", "retrospec:--min-issues=0", "--with", "retrospec:--only=\(only)"], mirror)
    }
    texts += try build("all", ["--all"], mirror)
    let out = dir.appendingPathComponent("all-out")
    let one = out.appendingPathComponent("bombjack-hardware.json").path
    let two = out.appendingPathComponent("popboks-ritam.json").path
    for args in [
      ["validate", one], ["validate", one, two], ["check", out.path], ["stats", one], ["stats", one, two],
      ["diff", one, one], ["diff", one, two], ["diff", "--stat", out.path, out.path],
      ["cache", "stats", "--cache", dir.appendingPathComponent("all-cache").path],
      ["cache", "verify", "--cache", dir.appendingPathComponent("all-cache/.archive-cache").path],
      [
        "cache", "prune", "--days", "1", "--dry-run", "--cache",
        dir.appendingPathComponent("all-cache/.archive-cache").path,
      ],
    ] {
      let r = try Tool.run("catalog", args, in: dir)
      texts.append(("catalog \(args.joined(separator: " "))", r.stdout + "\n" + r.stderr))
    }
    XCTAssertTrue(texts.contains { $0.1.contains("index: 1 issue across 1 series") }, "RetroSpec's one-issue build ran")
    XCTAssertTrue(texts.contains { $0.1.contains("asking 2 files their size") }, "RetroSpec's two-issue build ran")
    for (label, text) in texts {
      XCTAssertEqual(Self.disagreements(in: text), [], "\(label) prints a count its noun disagrees with")
    }
  }

  /// One `catalog build` into its own folders: its stdout and stderr, then each tool report's notes,
  /// summaries, warnings and finding messages.
  private func build(_ label: String, _ arguments: [String], _ mirror: DemoMirrorProcess) throws -> [(String, String)] {
    let report = dir.appendingPathComponent("\(label)-report/build.json")
    let r = try Tool.run(
      "catalog",
      ["build"] + arguments + [
        "--mirror", mirror.url, "--delay", "0", "--date", "2026-11-30", "--out",
        dir.appendingPathComponent("\(label)-out").path, "--cache-root",
        dir.appendingPathComponent("\(label)-cache").path,
        "--report", report.path, "--no-history",
      ] + mirror.buildArguments, in: dir)
    var texts = [("catalog build \(label)", r.stdout + "\n" + r.stderr)]
    let reports = report.deletingLastPathComponent().appendingPathComponent("reports")
    for name in (try? FileManager.default.contentsOfDirectory(atPath: reports.path)) ?? [] {
      let data = try Data(contentsOf: reports.appendingPathComponent(name))
      let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], name)
      var lines = (doc["notes"] as? [String] ?? []) + (doc["warnings"] as? [String] ?? [])
      for p in doc["products"] as? [[String: Any]] ?? [] {
        lines += p["summary"] as? [String] ?? []
        lines += (p["findings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
      }
      texts.append(("\(label): \(name)", lines.joined(separator: "\n")))
    }
    return texts
  }
}
