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
  static let options = [
    ("--out <dir>", "Folder for the demo's catalogues, caches and first-run copy. (default: a new temporary folder)"),
    ("--fixtures <dir>", "The project's Fixtures folder. (default: <package root>/Fixtures, found from this binary)"),
    ("--date <yyyy-mm-dd>", "The catalogues' generated date. (default: today, UTC)"),
    ("--quiet", "Print only errors and the summaries."),
    ("--serve", "Only serve the samples on 127.0.0.1: print the mirror's URL and the --with arguments, then wait."),
    ("--slow <ms>", "With --serve: wait this long before every answer, as a slow site would. (default: 0)"),
  ]
  static let valueOptions: Set<String> = ["--out", "--fixtures", "--date", "--slow"]
  static let flags: Set<String> = ["--quiet", "--serve"]

  /// Each source's sample, in `catalog build --all` order; a source without one is not in the demo.
  static let samples: [String: @Sendable (DemoFixtures) throws -> DemoSample] = [
    "retrospec": DemoRetroSpec.sample,
    "archive": DemoArchive.sample,
    "bombjack": DemoBombJack.sample,
    "atarimania": DemoAtarimania.sample,
    "vintageapple": DemoVintageApple.sample,
    "spectrum": DemoSpectrum.sample,
    "popboks": DemoPopBoks.sample,
    "stripovi": DemoStripovi.sample,
  ]

  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    guard args.positionals.isEmpty else {
      return usageError("demo takes no arguments, not '\(args.positionals[0])'.", console)
    }
    let date = args.value("--date") ?? today()
    do {
      _ = try BuildCommand.sharedArguments(args)
    } catch {
      return usageError(error.description, console)
    }
    let fixtures: DemoFixtures
    var built: [DemoSample] = []
    var sources: [BuildSource] = []
    do {
      fixtures = try DemoFixtures.locate(args.value("--fixtures"))
      for source in BuildSource.all {
        guard let make = samples[source.name] else { continue }
        built.append(try make(fixtures))
        sources.append(source)
      }
    } catch {
      console.error("error: \(error)")
      return .io
    }
    if args.flag("--serve") {
      var slow: Int? = nil
      if let v = args.value("--slow") {
        guard let n = Int(v), (0...60_000).contains(n) else {
          return usageError("--slow takes milliseconds from 0 to 60000, not '\(v)'.", console)
        }
        slow = n
      }
      return ExitCode(rawValue: DemoServe.run(built, slowMilliseconds: slow, console: console)) ?? .software
    }
    let folder: URL
    do {
      folder = try workFolder(args.value("--out"))
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

    let catalogs = folder.appendingPathComponent("catalogs")
    let firstCopy = folder.appendingPathComponent("first-run")
    let cache = folder.appendingPathComponent("cache")
    let quiet = args.flag("--quiet")
    // The demo owns these three folders: a rerun starts from nothing, so it shows the same thing.
    for u in [catalogs, firstCopy, cache] { try? FileManager.default.removeItem(at: u) }
    console.out(
      "Shelfmark demo: \(Plural.count(sources.count, "source")) from the fixture pages in \(fixtures.root.path),")
    console.out("served by a loopback mirror at \(server.baseURL) (nothing leaves this machine).")
    console.out("")
    var list = TextTable(header: [], leftAligned: [0, 1])
    for s in built { list.append([s.source, s.summary]) }
    console.out(list.render(indent: "  "))
    console.out("")
    console.out("Working folder: \(folder.path)")

    var extra: [String: [String]] = [:]
    for s in built { extra[s.source] = s.arguments }
    let shared = ["--mirror", server.baseURL, "--date", date, "--delay", "0"]
    let progress = BuildProgress(quiet: quiet, console: console)
    // A proxy configured for the real sites must not be asked for 127.0.0.1.
    var environment: [String: String] = [:]
    for name in ["no_proxy", "NO_PROXY"] {
      let current = ProcessInfo.processInfo.environment[name].map { $0.isEmpty ? "" : $0 + "," } ?? ""
      environment[name] = current + "127.0.0.1,localhost"
    }

    console.out("")
    console.out("1. Build every catalogue through the mirror into \(catalogs.path)")
    let first = BuildSequence(
      sources: sources, outputDirectory: catalogs, cacheRoot: cache, shared: shared, extra: extra,
      environment: environment,
      progress: progress
    ).run()
    let firstRequests = server.requests.count
    console.out(BuildSummary.table(first))
    console.out(BuildSummary.verdict(first) + "; the mirror answered \(Plural.count(firstRequests, "request"))")

    do {
      try? FileManager.default.removeItem(at: firstCopy)
      try FileManager.default.copyItem(at: catalogs, to: firstCopy)
    } catch {
      console.error(
        "error: \(firstCopy.path): the first run's catalogues cannot be copied: \(error.localizedDescription)")
      return .io
    }

    server.clearLog()
    console.out("")
    console.out("2. Rebuild with --no-network: from the cache alone, into the same folder")
    let second = BuildSequence(
      sources: sources, outputDirectory: catalogs, cacheRoot: cache, shared: shared + ["--no-network"], extra: extra,
      environment: environment, progress: progress
    ).run()
    let secondRequests = server.requests.count
    console.out(BuildSummary.table(second))
    console.out(BuildSummary.verdict(second) + "; the mirror answered \(Plural.count(secondRequests, "request"))")

    console.out("")
    console.out(
      "3. Diff the first run (\(firstCopy.lastPathComponent)/) with the offline rebuild (\(catalogs.lastPathComponent)/)"
    )
    let diffs = compare(firstCopy, catalogs, files: sources.flatMap(\.files))
    var diffTable = TextTable(header: ["catalogue", "records", "added", "removed", "changed"], leftAligned: [0])
    for d in diffs { diffTable.append(d) }
    console.out(diffTable.render(indent: "  "))
    let differing = diffs.filter { $0[2] != "0" || $0[3] != "0" || $0[4] != "0" }
    console.out(
      differing.isEmpty
        ? "  no differences in \(Plural.count(diffs.count, "catalogue"))"
        : "  \(differing.count) of \(Plural.count(diffs.count, "catalogue")) differ: \(differing.map { $0[0] }.joined(separator: ", "))"
    )

    let code = max(BuildSummary.exitCode(first), BuildSummary.exitCode(second))
    let written = first.flatMap(\.rows).filter { $0.status == "written" }.count
    console.out("")
    console.out("Outputs:")
    console.out("  catalogues     \(catalogs.path)")
    console.out("  first run      \(firstCopy.path)")
    console.out("  caches         \(cache.path)")
    console.out("")
    console.out("What just happened:")
    console.out(
      "  - \(sources.count) build tools ran as they would against the real sites, but every https:// request went")
    console.out("    to the loopback mirror (--mirror), which served the fixture pages, a zipped ZXDB dump and")
    console.out(
      "    simulated tile and metadata servers: \(Plural.count(firstRequests, "request")), each answer stored in the cache."
    )
    console.out(
      "  - \(Plural.count(written, "catalogue")) were validated (shared rules + each source's own) and written atomically."
    )
    console.out(
      "  - The rebuild with --no-network made \(Plural.count(secondRequests, "request")): every page came from the cache, and"
    )
    console.out("    each catalogue was left untouched because its content had not changed.")
    console.out(
      "  - The diff found \(differing.isEmpty ? "no differences" : "\(differing.count) differing catalogues"): a build is a pure function of the pages it read."
    )
    console.out("")
    console.out("Next, each line as it runs here:")
    for line in nextLines(catalogs: catalogs, firstRun: firstCopy, cache: cache) { console.out("  " + line) }
    console.out("For the real sites (hours at the polite defaults), see \"Rebuilding and reviewing\" in README.md.")

    if code != .ok { return code }
    if secondRequests > 0 || !differing.isEmpty {
      console.error(
        "error: the offline rebuild \(secondRequests > 0 ? "made \(Plural.count(secondRequests, "request"))" : "changed \(Plural.count(differing.count, "catalogue"))"); the cache did not replay"
      )
      return .software
    }
    return .ok
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
