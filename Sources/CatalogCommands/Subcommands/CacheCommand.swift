import BuildSupport
import CatalogKit
import Foundation

/// `catalog cache ls|stats|verify|prune|rm --cache DIR`: what a build cache holds, and keeping it sound.
enum CacheCommand: Subcommand {
  static let name = "cache"
  static let abstract = "List, summarise, verify, prune or remove entries of a build cache."
  static let usage =
    "cache ls|stats|verify|prune|rm|export|import [<file.warc[.gz]>] --cache <dir> [--host <host>] [--url <url>] [--days <n>] [--repair] [--include-probes] [--dry-run] [--warc <file>] [--warc-version 1.0|1.1] [--json]"
  static let arguments = [
    ("ls", "One line per entry: method, status, size, fetch time, URL."),
    ("stats", "Entries and bytes by host and status; on a folder of caches, one line per cache."),
    ("verify", "Check every body against its SHA-256, every record against its name, sizes, leftovers."),
    ("prune", "Remove entries no build has used for --days days."),
    ("rm", "Remove one URL's entries (--url) or every entry of one host (--host)."),
    ("export", "Write every answer (GET and HEAD) to the WARC file --warc names (gzip per record for .gz)."),
    ("import <file>", "Load a WARC's responses into the cache; --host (repeatable) keeps only a source's hosts."),
  ]

  static let cache = Option.text(
    "--cache", value: "<dir>", help: "The cache folder (e.g. .retrospec-cache).", kind: .path)
  static let host = Option.list(
    "--host", value: "<host>",
    help:
      "Only entries for this host (ls, stats, export, import: repeatable for the last two); with rm, the host to remove."
  )
  static let url = Option.text(
    "--url", value: "<url>", help: "With rm: the URL whose cached answers (GET and HEAD) to remove.", kind: .webAddress)
  static let days = Option.integer(
    "--days", 0...36_500, help: "Age after which prune removes an unused entry.", default: 90)
  static let repair = Option.flag(
    "--repair", help: "With verify: remove what it found, so the next build refetches it.")
  static let includeProbes = Option.flag(
    "--include-probes", help: "With prune: also drop HEAD answers fetched before the cut-off.")
  static let dryRun = Option.flag("--dry-run", help: "With prune: count what would be removed, remove nothing.")
  static let warc = Option.text("--warc", value: "<file>", help: "With export: the WARC file to write.", kind: .path)
  static let warcVersion: Option<WARCVersion> = .oneOf(
    "--warc-version", value: "<v>", default: (WARCVersion.v11.rawValue, .v11), or: [(WARCVersion.v10.rawValue, .v10)],
    help: "With export: the WARC version, 1.0 for older readers (warctools).")
  static let json = CommonOption.json("Print JSON instead of text (every action; schemas/ describes each document).")
  static let options: [any OptionDeclaring] = [
    cache, host, url, days, repair, includeProbes, dryRun, warc, warcVersion, json,
  ]

  /// The words after `cache`, in help's order.
  enum Action: String, CaseIterable {
    case ls, stats, verify, prune, rm, export
    case importWARC = "import"
  }

  /// A cache folder that exists, and what the command line narrows it to.
  struct Target {
    var dir: String
    var store: CacheStore
    /// `--host`, lowercased: only its entries (ls, stats), or the host to remove (rm).
    var host: String?
    var json: Bool

    /// Its entries, narrowed to `host`.
    func entries() -> [(path: String, record: CacheRecord)] {
      store.allRecords().filter { host == nil || URL(string: $0.record.url)?.host?.lowercased() == host }
    }
  }

  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    let words = Action.allCases.map(\.rawValue)
    guard let word = args.positionals.first, args.positionals.count == 1 || word == Action.importWARC.rawValue else {
      return usageError("name one action: \(words.dropLast().joined(separator: ", ")) or \(words.last ?? "").", console)
    }
    guard let action = Action(rawValue: word) else {
      let hint = NearMatch.nearest(word, in: words).map { " Did you mean '\($0)'?" } ?? ""
      return usageError("unknown action '\(word)'.\(hint)", console)
    }
    if action == .importWARC { return CacheWARCCommand.importWARC(args, console) }
    guard let dir = args[cache] else { return cacheRequired(console) }
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
      console.error("error: \(dir): no such cache folder")
      return .io
    }
    let target = Target(
      dir: dir, store: CacheStore(root: URL(fileURLWithPath: dir)), host: args[host].last?.lowercased(),
      json: args[json])
    switch action {
    case .ls: return list(target, console)
    case .stats: return stats(target, console)
    case .verify: return verify(target, repair: args[repair], console)
    case .prune:
      return prune(target, days: args[days], includeProbes: args[includeProbes], dryRun: args[dryRun], console)
    case .rm: return remove(target, url: args[url], console)
    case .export: return CacheWARCCommand.exportWARC(args, target.store, console)
    case .importWARC: return CacheWARCCommand.importWARC(args, console)
    }
  }

  static func cacheRequired(_ console: Console) -> ExitCode {
    usageError("\(cache.name) \(cache.declaration.value ?? "") is required.", console)
  }

  // MARK: The actions

  /// `ls`: one row per entry, by URL then method.
  static func list(_ t: Target, _ console: Console) -> ExitCode {
    if t.json { return lsJSON(t.dir, t.entries().map(\.record), console) }
    var table = TextTable(header: ["method", "status", "bytes", "fetched", "url"], leftAligned: [0, 3, 4])
    for e in t.entries().sorted(by: {
      ($0.record.url, $0.record.method.rawValue) < ($1.record.url, $1.record.method.rawValue)
    }) {
      let size = e.record.method == .head ? e.record.headers["content-length"] ?? "-" : String(e.record.bodyBytes)
      table.append([e.record.method.rawValue, String(e.record.status), size, e.record.fetched, e.record.url])
    }
    console.out(table.render())
    return .ok
  }

  /// `stats`: entries and bytes by host, method and status; a folder of caches gets one row each.
  static func stats(_ t: Target, _ console: Console) -> ExitCode {
    if !FileManager.default.fileExists(atPath: t.store.root.appendingPathComponent(CacheKey.version).path) {
      let caches = nestedCaches(in: t.store.root)
      if !caches.isEmpty {
        return t.json ? statsOfManyJSON(t.dir, caches, console) : statsOfMany(caches, console)
      }
    }
    if t.json {
      let parsed = t.host == nil ? ParseCacheStats(cacheRoot: t.store.root) : nil
      return statsJSON(t.dir, t.entries().map(\.record), parseCache: parsed, console)
    }
    struct Tally { var entries = 0, bytes = 0 }
    var byKey: [String: Tally] = [:]
    var total = Tally()
    // Streamed: the tallies are all that is kept, however large the cache.
    t.store.forEachRecord { _, record in
      let h = URL(string: record.url)?.host ?? "?"
      guard t.host == nil || h.lowercased() == t.host else { return }
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
    if t.host == nil, let line = ParseCacheText.stats(t.store.root) { console.out(line) }
    return .ok
  }

  /// `verify`: every problem on stderr, a count on stdout; with `repair`, the problems removed.
  static func verify(_ t: Target, repair: Bool, _ console: Console) -> ExitCode {
    let (problems, count) = t.store.verifyCounting()
    if !t.json { ParseCacheText.verify(t.store.root, repair: repair, console) }
    if t.json {
      var repaired: Int? = nil
      if repair && !problems.isEmpty {
        do {
          repaired = try t.store.repair(problems)
        } catch {
          console.error("error: \(error)")
          return .io
        }
      }
      return verifyJSON(t.dir, entries: count, problems, repaired: repaired, console)
    }
    if problems.isEmpty {
      console.out("\(Plural.count(count, "entry", "entries")) verified; no problems")
      return .ok
    }
    for p in problems { console.error("error: \(p)") }
    if repair {
      do {
        let fixed = try t.store.repair(problems)
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
        + "(run with \(Self.repair.name) to remove \(Plural.noun(problems.count, "it", "them")))")
    return .invalid
  }

  /// `rm`: one URL's entries (`url`), or every entry of `t.host`; exactly one of the two.
  static func remove(_ t: Target, url: String?, _ console: Console) -> ExitCode {
    let what: RemoveDocument
    do {
      switch (url.flatMap { URL(string: $0) }, t.host) {
      case (let u?, nil):
        what = RemoveDocument(cache: t.dir, url: u.absoluteString, removed: try t.store.remove(url: u))
      case (nil, let h?):
        what = RemoveDocument(cache: t.dir, host: h, removed: try t.store.remove(host: h))
      default:
        return usageError("rm takes one of \(Self.url.name) <url> or \(host.name) <host>.", console)
      }
    } catch {
      console.error("error: \(error)")
      return .io
    }
    if t.json { return printJSON(what, console) }
    let subject = what.url ?? "host \(what.host ?? "")"
    console.out("removed \(Plural.count(what.removed, "entry", "entries")) for \(subject)")
    return .ok
  }

  /// `prune`: entries no build has used for `days` days (and, with `includeProbes`, old HEAD answers).
  static func prune(_ t: Target, days: Int, includeProbes: Bool, dryRun: Bool, _ console: Console) -> ExitCode {
    let removed: Int
    do {
      removed = try t.store.prune(olderThanDays: days, includeProbes: includeProbes, dryRun: dryRun)
    } catch {
      console.error("error: \(error)")
      return .io
    }
    if t.json { return printJSON(PruneDocument(cache: t.dir, days: days, dryRun: dryRun, removed: removed), console) }
    let entries = Plural.count(removed, "entry", "entries")
    let unused = "unused for \(Plural.count(days, "day"))"
    console.out(
      dryRun
        ? "would remove \(entries) \(unused) (\(Self.dryRun.name): nothing removed)" : "removed \(entries) \(unused)")
    return .ok
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
