import BuildSupport
import CatalogKit
import Foundation

/// `catalog cache ls|stats|verify|prune|rm --cache DIR`: what a build cache holds, and keeping it sound.
enum CacheCommand: Subcommand {
  static let name = "cache"
  static let abstract = "List, summarise, verify, prune or remove entries of a build cache."
  static let usage =
    "cache ls|stats|verify|prune|rm|export|import [<file.warc[.gz]>] --cache <dir> [--host <host>] [--url <url>] [--days <n>] [--repair] [--include-probes] [--dry-run] [--warc <file>] [--warc-version 1.0|1.1] [--json]"
  static let actions = ["ls", "stats", "verify", "prune", "rm", "export", "import"]
  static let arguments = [
    ("ls", "One line per entry: method, status, size, fetch time, URL."),
    ("stats", "Entries and bytes by host and status; on a folder of caches, one line per cache."),
    ("verify", "Check every body against its SHA-256, every record against its name, sizes, leftovers."),
    ("prune", "Remove entries no build has used for --days days."),
    ("rm", "Remove one URL's entries (--url) or every entry of one host (--host)."),
    ("export", "Write every answer (GET and HEAD) to the WARC file --warc names (gzip per record for .gz)."),
    ("import <file>", "Load a WARC's responses into the cache; --host (repeatable) keeps only a source's hosts."),
  ]
  static let options = [
    ("--cache <dir>", "The cache folder (e.g. .retrospec-cache)."),
    (
      "--host <host>",
      "Only entries for this host (ls, stats, export, import: repeatable for the last two); with rm, the host to remove."
    ),
    ("--url <url>", "With rm: the URL whose cached answers (GET and HEAD) to remove."),
    ("--days <n>", "Age after which prune removes an unused entry. (default: 90)"),
    ("--repair", "With verify: remove what it found, so the next build refetches it."),
    ("--include-probes", "With prune: also drop HEAD answers fetched before the cut-off."),
    ("--dry-run", "With prune: count what would be removed, remove nothing."),
    ("--warc <file>", "With export: the WARC file to write."),
    ("--warc-version <v>", "With export: the WARC version, 1.0 for older readers (warctools). (default: 1.1)"),
    ("--json", "Print JSON instead of text (every action; schemas/ describes each document)."),
  ]
  static let valueOptions: Set<String> = ["--cache", "--host", "--days", "--url", "--warc", "--warc-version"]
  static let flags: Set<String> = ["--repair", "--include-probes", "--dry-run", "--json"]

  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    guard let action = args.positionals.first, args.positionals.count == 1 || action == "import" else {
      return usageError("name one action: ls, stats, verify, prune, rm, export or import.", console)
    }
    guard actions.contains(action) else {
      let hint = NearMatch.nearest(action, in: actions).map { " Did you mean '\($0)'?" } ?? ""
      return usageError("unknown action '\(action)'.\(hint)", console)
    }
    if action == "import" { return CacheWARCCommand.importWARC(args, console) }
    guard let dir = args.value("--cache") else { return usageError("--cache <dir> is required.", console) }
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
      console.error("error: \(dir): no such cache folder")
      return .io
    }
    let store = CacheStore(root: URL(fileURLWithPath: dir))
    if action == "stats",
      !FileManager.default.fileExists(atPath: store.root.appendingPathComponent(CacheKey.version).path)
    {
      let caches = nestedCaches(in: store.root)
      if !caches.isEmpty {
        return args.flag("--json") ? statsOfManyJSON(dir, caches, console) : statsOfMany(caches, console)
      }
    }
    let host = args.value("--host")?.lowercased()
    func entries() -> [(path: String, record: CacheRecord)] {
      store.allRecords().filter { host == nil || URL(string: $0.record.url)?.host?.lowercased() == host }
    }
    switch action {
    case "ls" where args.flag("--json"):
      return lsJSON(dir, entries().map(\.record), console)
    case "stats" where args.flag("--json"):
      return statsJSON(dir, entries().map(\.record), console)
    case "ls":
      var table = TextTable(header: ["method", "status", "bytes", "fetched", "url"], leftAligned: [0, 3, 4])
      for e in entries().sorted(by: {
        ($0.record.url, $0.record.method.rawValue) < ($1.record.url, $1.record.method.rawValue)
      }) {
        let size = e.record.method == .head ? e.record.headers["content-length"] ?? "-" : String(e.record.bodyBytes)
        table.append([e.record.method.rawValue, String(e.record.status), size, e.record.fetched, e.record.url])
      }
      console.out(table.render())
      return .ok
    case "stats":
      struct Tally { var entries = 0, bytes = 0 }
      var byKey: [String: Tally] = [:]
      var total = Tally()
      // Streamed: the tallies are all that is kept, however large the cache.
      store.forEachRecord { _, record in
        let h = URL(string: record.url)?.host ?? "?"
        guard host == nil || h.lowercased() == host else { return }
        let k = "\(h)\t\(record.method.rawValue)\t\(record.status)"
        // A record's size is read from a file anyone may have edited: sums saturate, never trap.
        byKey[k, default: Tally()].entries += 1
        byKey[k, default: Tally()].bytes = saturating(byKey[k, default: Tally()].bytes, record.bodyBytes)
        total.entries += 1
        total.bytes = saturating(total.bytes, record.bodyBytes)
      }
      var table = TextTable(header: ["host", "method", "status", "entries", "bytes"], leftAligned: [0, 1])
      for (k, t) in byKey.sorted(by: { $0.key < $1.key }) {
        let parts = k.split(separator: "\t").map(String.init)
        table.append(parts + [String(t.entries), CatalogueStats.humanBytes(Int64(t.bytes))])
      }
      table.append(["total", "", "", String(total.entries), CatalogueStats.humanBytes(Int64(total.bytes))])
      console.out(table.render())
      if host == nil, let line = ParseCacheText.stats(store.root) { console.out(line) }
      return .ok
    case "verify":
      let (problems, count) = store.verifyCounting()
      if !args.flag("--json") { ParseCacheText.verify(store.root, repair: args.flag("--repair"), console) }
      if args.flag("--json") {
        var repaired: Int? = nil
        if args.flag("--repair") && !problems.isEmpty {
          do {
            repaired = try store.repair(problems)
          } catch {
            console.error("error: \(error)")
            return .io
          }
        }
        return verifyJSON(dir, entries: count, problems, repaired: repaired, console)
      }
      if problems.isEmpty {
        console.out("\(Plural.count(count, "entry", "entries")) verified; no problems")
        return .ok
      }
      for p in problems { console.error("error: \(p)") }
      if args.flag("--repair") {
        do {
          let fixed = try store.repair(problems)
          console.out(
            "\(Plural.count(count, "entry", "entries")) checked; \(Plural.count(problems.count, "problem")) found, "
              + "\(fixed) repaired")
          return .ok
        } catch {
          console.error("error: \(error)")
          return .io
        }
      }
      console.out(
        "\(Plural.count(count, "entry", "entries")) checked; \(Plural.count(problems.count, "problem")) found "
          + "(run with --repair to remove \(Plural.noun(problems.count, "it", "them")))")
      return .invalid
    case "rm":
      switch (args.value("--url"), host) {
      case (let u?, nil):
        guard let url = URL(string: u), url.host != nil else {
          return usageError("--url takes an absolute URL, not '\(u)'.", console)
        }
        do {
          let n = try store.remove(url: url)
          if args.flag("--json") {
            return printJSON(RemoveDocument(cache: dir, url: url.absoluteString, removed: n), console)
          }
          console.out("removed \(Plural.count(n, "entry", "entries")) for \(url.absoluteString)")
          return .ok
        } catch {
          console.error("error: \(error)")
          return .io
        }
      case (nil, let h?):
        do {
          let n = try store.remove(host: h)
          if args.flag("--json") { return printJSON(RemoveDocument(cache: dir, host: h, removed: n), console) }
          console.out("removed \(Plural.count(n, "entry", "entries")) for host \(h)")
          return .ok
        } catch {
          console.error("error: \(error)")
          return .io
        }
      default:
        return usageError("rm takes one of --url <url> or --host <host>.", console)
      }
    case "prune":
      let daysText = args.value("--days") ?? "90"
      guard let days = Int(daysText), days >= 0 else {
        return usageError("--days takes a whole number of days, not '\(daysText)'.", console)
      }
      do {
        let dryRun = args.flag("--dry-run")
        let removed = try store.prune(
          olderThanDays: days, includeProbes: args.flag("--include-probes"), dryRun: dryRun)
        if args.flag("--json") {
          return printJSON(PruneDocument(cache: dir, days: days, dryRun: dryRun, removed: removed), console)
        }
        let entries = Plural.count(removed, "entry", "entries")
        let unused = "unused for \(Plural.count(days, "day"))"
        console.out(
          dryRun ? "would remove \(entries) \(unused) (--dry-run: nothing removed)" : "removed \(entries) \(unused)")
        return .ok
      } catch {
        console.error("error: \(error)")
        return .io
      }
    case "export":
      return CacheWARCCommand.exportWARC(args, store, console)
    default:
      return usageError("unknown action '\(action)'.", console)
    }
  }

  /// Caches directly inside a folder (each a folder holding `v1/`), such as the folder a build
  /// run from the project's root fills with `.retrospec-cache`, `.popboks-cache` and the rest.
  static func nestedCaches(in folder: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { folder.appendingPathComponent($0) }.filter {
      FileManager.default.fileExists(atPath: $0.appendingPathComponent(CacheKey.version).path)
    }
  }

  /// One line per cache: its folder, entries, GET and HEAD counts, and body bytes.
  static func statsOfMany(_ caches: [URL], _ console: Console) -> ExitCode {
    var table = TextTable(header: ["cache", "entries", "GET", "HEAD", "bytes"], leftAligned: [0])
    var total = (entries: 0, get: 0, head: 0, bytes: Int64(0))
    for c in caches {
      let records = CacheStore(root: c).allRecords().map(\.record)
      let gets = records.filter { $0.method == .get }
      let bytes = gets.reduce(Int64(0)) { sum, r in
        let (s, overflow) = sum.addingReportingOverflow(Int64(r.bodyBytes))
        return overflow ? Int64.max : s
      }
      total.entries += records.count
      total.get += gets.count
      total.head += records.count - gets.count
      let (t, overflow) = total.bytes.addingReportingOverflow(bytes)
      total.bytes = overflow ? Int64.max : t
      table.append([
        c.lastPathComponent, String(records.count), String(gets.count), String(records.count - gets.count),
        CatalogueStats.humanBytes(bytes),
      ])
    }
    table.append([
      "total (\(Plural.count(caches.count, "cache")))", String(total.entries), String(total.get),
      String(total.head), CatalogueStats.humanBytes(total.bytes),
    ])
    console.out(table.render())
    return .ok
  }
}

/// `a + b`, or the largest Int when that would overflow (sizes from a cache file anyone may edit).
private func saturating(_ a: Int, _ b: Int) -> Int {
  let (sum, overflow) = a.addingReportingOverflow(b)
  return overflow ? (b < 0 ? Int.min : Int.max) : sum
}
