import BuildSupport
import CatalogKit
import Foundation

/// `catalog diff OLD NEW`: what changed between two catalogues, record by record. Exit codes follow
/// diff(1): 0 same, 1 different, 2 trouble.
enum DiffCommand: Subcommand {
  static let name = "diff"
  static let abstract = "Compare two catalogues record by record."
  static let usage = "diff <old> <new> [--ignore <field>] ... [--json] [--max-removed <pct>] [--site <id>]"
  static let arguments = [
    ("<old>", "The earlier catalogue file."),
    ("<new>", "The later catalogue file, of the same shape."),
  ]
  static let options = [
    ("--ignore <field>", "Leave a field out of the comparison (generated, bytes, …); repeat or comma-separate."),
    ("--json", "Print the difference as JSON instead of text."),
    (
      "--max-removed <pct>",
      "Exit 2 when more than this percentage of the old records is gone. (default: no limit)"
    ),
    (
      "--site <id>",
      "App site id for the issue-identity check. (default: from <new>'s file name when it is one of the 18)"
    ),
  ]
  static let valueOptions: Set<String> = ["--ignore", "--max-removed", "--site"]
  static let flags: Set<String> = ["--json"]

  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    guard args.positionals.count == 2 else {
      return usageError("diff takes two files, <old> and <new>, not \(args.positionals.count).", console)
    }
    let (oldPath, newPath) = (args.positionals[0], args.positionals[1])
    var maxRemoved: Double? = nil
    if let raw = args.value("--max-removed") {
      let trimmed = raw.hasSuffix("%") ? String(raw.dropLast()) : raw
      guard let pct = Double(trimmed), pct >= 0, pct <= 100 else {
        return usageError("--max-removed takes a percentage from 0 to 100, not '\(raw)'.", console)
      }
      maxRemoved = pct
    }
    let ignoring = Set(
      args.all("--ignore").flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty })
    let site = args.value("--site") ?? CatalogueFileList.entry(forFile: lastComponent(newPath))?.site

    let old: AnyCatalogue
    let new: AnyCatalogue
    do {
      old = try CatalogueReader.read(oldPath)
      new = try CatalogueReader.read(newPath)
    } catch {
      console.error("error: \(error)")
      return .trouble
    }
    let diff: CatalogueDiff
    do {
      diff = try CatalogueDiff.compare(old, new, options: .init(ignoring: ignoring, site: site))
    } catch {
      console.error("error: \(oldPath), \(newPath): \(error)")
      return .trouble
    }
    if args.flag("--json") {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      guard let data = try? encoder.encode(DiffDocument(old: oldPath, new: newPath, diff: diff)) else {
        console.error("error: the difference could not be written as JSON")
        return .trouble
      }
      console.out(String(decoding: data, as: UTF8.self))
    } else {
      console.out(diff.text(old: oldPath, new: newPath))
    }
    if let maxRemoved, diff.removedShare * 100 > maxRemoved {
      console.error(
        "error: \(newPath): \(diff.counts.removed) of \(diff.oldCount) records of \(oldPath) are gone (\(String(format: "%.1f", diff.removedShare * 100))%), more than --max-removed \(trimmedNumber(maxRemoved))%"
      )
      return .trouble
    }
    return diff.isEmpty ? .ok : .different
  }

  private static func trimmedNumber(_ d: Double) -> String {
    d == d.rounded() ? String(Int(d)) : String(d)
  }

  /// The `--json` document: the two files and the difference.
  struct DiffDocument: Encodable {
    var old: String
    var new: String
    var diff: CatalogueDiff
  }
}
