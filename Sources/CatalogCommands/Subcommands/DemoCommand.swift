import BuildSupport
import CatalogKit
import Foundation
import SiteMirrorKit

/// `catalog demo`: every catalogue built from the project's own fixture pages, served by a loopback
/// mirror, then rebuilt from the cache alone — no network, no ../shared.
enum DemoCommand: Subcommand {
  static let name = "demo"
  static let abstract = "Build every catalogue from the bundled sample sites, offline, and show what happened."
  static let usage =
    "demo [--out <dir>] [--fixtures <dir>] [--date <yyyy-mm-dd>] [--quiet] | demo --serve [--slow <ms>]"
  static let arguments: [(String, String)] = []
  static let out = Option.text(
    "--out", value: "<dir>", help: "Folder for the demo's catalogues, caches and first-run copy.",
    defaultText: "a new temporary folder", kind: .path)
  static let fixtures = Option.text(
    "--fixtures", value: "<dir>", help: "The project's Fixtures folder.",
    defaultText: "<package root>/Fixtures, found from this binary", kind: .path)
  static let date = Option.text(
    "--date", value: "<yyyy-mm-dd>", help: "The catalogues' generated date.", defaultText: "today, UTC", kind: .date)
  static let quiet = Option.flag("--quiet", help: "Print only errors and the summaries.")
  static let serve = Option.flag(
    "--serve", help: "Only serve the samples on 127.0.0.1: print the mirror's URL and the --with arguments, then wait.")
  static let slow = Option.integer(
    "--slow", value: "<ms>", 0...60_000,
    help: "With --serve: wait this long before every answer, as a slow site would.",
    default: 0)
  static let options: [any OptionDeclaring] = [out, fixtures, date, quiet, serve, slow]

  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    guard args.positionals.isEmpty else {
      return usageError("demo takes no arguments, not '\(args.positionals[0])'.", console)
    }
    let found: DemoFixtures
    let built: [DemoSample]
    let sources: [BuildSource]
    do {
      found = try DemoFixtures.locate(args[fixtures])
      (built, sources) = try sampled(found, console.sources)
    } catch {
      console.error("error: \(error)")
      return .io
    }
    if args[serve] {
      return DemoServe.run(built, slowMilliseconds: args[slow], console: console)
    }
    let folder: URL
    do {
      folder = try workFolder(args[out])
    } catch {
      console.error("error: \(error)")
      return .io
    }
    let server: SiteMirror
    do {
      server = try DemoSite.serve(built)
    } catch {
      console.error("error: the loopback mirror cannot start: \(error)")
      return .unavailable
    }
    defer { server.stop() }
    let tour = DemoTour(
      folder: folder, fixtures: found, samples: built, sources: sources, server: server,
      date: args[date] ?? today(), quiet: args[quiet], console: console)
    return tour.run()
  }

  /// Each source's sample, in `catalog build --all` order, with the sources they are for.
  static func sampled(_ fixtures: DemoFixtures, _ sources: [Source]) throws -> ([DemoSample], [BuildSource]) {
    (try sources.map { try $0.demo(fixtures) }, BuildSource.all(sources))
  }

  /// Commands to try on what the demo wrote, spelled with the name this binary was started by
  /// (`.build/debug/catalog` after setup.sh, an absolute path under `swift run`, `catalog` on PATH),
  /// so each runs as printed from the folder the demo ran in.
  static func nextLines(catalogs: URL, firstRun: URL, cache: URL) -> [String] {
    let started = CommandLine.arguments.first ?? "catalog"
    let tool = started.contains("/") ? shellWord(started) : "catalog"
    return [
      "\(tool) check \(shellWord(catalogs.path))",
      "\(tool) diff \(shellWord(firstRun.path)) \(shellWord(catalogs.path)) --stat",
      "\(tool) stats \(shellWord(catalogs.path))",
      "\(tool) cache stats --cache \(shellWord(cache.appendingPathComponent(".retrospec-cache").path))",
    ]
  }

  /// `s` as one word for sh: as it is when it holds only safe characters, else single-quoted.
  static func shellWord(_ s: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+,:=@%")
    if !s.isEmpty && s.allSatisfy({ safe.contains($0) }) { return s }
    return "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Per file: name, records, then added/removed/changed between the two folders ("-" when unreadable).
  static func compare(_ old: URL, _ new: URL, files: [String]) -> [[String]] {
    files.compactMap { file in
      let absent = [old, new].allSatisfy {
        !FileManager.default.fileExists(atPath: $0.appendingPathComponent(file).path)
      }
      if absent { return nil }
      guard let a = BuildSequence.read(old, file), let b = BuildSequence.read(new, file),
        let d = try? CatalogueDiff.compare(a, b)
      else { return [file, "-", "-", "-", "-"] }
      return [file, String(b.recordCount), String(d.counts.added), String(d.counts.removed), String(d.counts.changed)]
    }
  }

  static func workFolder(_ given: String?) throws -> URL {
    let url: URL
    if let given {
      url =
        URL(fileURLWithPath: given, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        .standardizedFileURL
    } else {
      url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "shelfmark-demo-\(UUID().uuidString.prefix(8))")
    }
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func today() -> String {
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: "UTC")
    f.dateFormat = "yyyy-MM-dd"
    return f.string(from: Date())
  }
}
