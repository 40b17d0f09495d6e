import BuildSupport
import CatalogKit
import Foundation

/// `catalog cache ls|stats|verify|prune --cache DIR`: what a build cache holds, and keeping it sound.
enum CacheCommand: Subcommand {
  static let name = "cache"
  static let abstract = "List, summarise, verify or prune a build cache."
  static let usage =
    "cache ls|stats|verify|prune|export|import [<file.warc[.gz]>] --cache <dir> [--host <host>] [--days <n>] [--repair] [--include-probes] [--warc <file>]"
  static let arguments = [
    ("ls", "One line per entry: method, status, size, fetch time, URL."),
    ("stats", "Entries and bytes by host and status."),
    ("verify", "Check every body against its record's SHA-256 and find half-written files."),
    ("prune", "Remove entries no build has used for --days days."),
    ("export", "Write every answer (GET and HEAD) to the WARC file --warc names (gzip per record for .gz)."),
    ("import <file>", "Load a WARC's responses into the cache; --host (repeatable) keeps only a source's hosts."),
  ]
  static let options = [
    ("--cache <dir>", "The cache folder (e.g. .retrospec-cache)."),
    ("--host <host>", "Only entries for this host (ls, stats, export, import; repeatable for export and import)."),
    ("--days <n>", "Age after which prune removes an unused entry. (default: 90)"),
    ("--repair", "With verify: remove what it found, so the next build refetches it."),
    ("--include-probes", "With prune: also drop HEAD answers fetched before the cut-off."),
    ("--warc <file>", "With export: the WARC file to write."),
  ]
  static let valueOptions: Set<String> = ["--cache", "--host", "--days", "--warc"]
  static let flags: Set<String> = ["--repair", "--include-probes"]

  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    guard let action = args.positionals.first, args.positionals.count == 1 || action == "import" else {
      return usageError("name one action: ls, stats, verify, prune, export or import.", console)
    }
    if action == "import" { return CacheWARCCommand.importWARC(args, console) }
    guard let dir = args.value("--cache") else { return usageError("--cache <dir> is required.", console) }
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
      console.error("error: \(dir): no such cache folder")
      return .io
    }
    let store = CacheStore(root: URL(fileURLWithPath: dir))
    let host = args.value("--host")?.lowercased()
    func entries() -> [(path: String, record: CacheRecord)] {
      store.allRecords().filter { host == nil || URL(string: $0.record.url)?.host?.lowercased() == host }
    }
    switch action {
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
      for e in entries() {
        let h = URL(string: e.record.url)?.host ?? "?"
        let k = "\(h)\t\(e.record.method.rawValue)\t\(e.record.status)"
        byKey[k, default: Tally()].entries += 1
        byKey[k, default: Tally()].bytes += e.record.bodyBytes
        total.entries += 1
        total.bytes += e.record.bodyBytes
      }
      var table = TextTable(header: ["host", "method", "status", "entries", "bytes"], leftAligned: [0, 1])
      for (k, t) in byKey.sorted(by: { $0.key < $1.key }) {
        let parts = k.split(separator: "\t").map(String.init)
        table.append(parts + [String(t.entries), CatalogueStats.humanBytes(Int64(t.bytes))])
      }
      table.append(["total", "", "", String(total.entries), CatalogueStats.humanBytes(Int64(total.bytes))])
      console.out(table.render())
      return .ok
    case "verify":
      let problems = store.verify()
      let count = store.allRecords().count
      if problems.isEmpty {
        console.out("\(count) entries verified; no problems")
        return .ok
      }
      for p in problems { console.error("error: \(p)") }
      if args.flag("--repair") {
        do {
          let fixed = try store.repair(problems)
          console.out("\(count) entries checked; \(problems.count) problem(s) found, \(fixed) repaired")
          return .ok
        } catch {
          console.error("error: \(error)")
          return .io
        }
      }
      console.out("\(count) entries checked; \(problems.count) problem(s) found (run with --repair to remove them)")
      return .invalid
    case "prune":
      let daysText = args.value("--days") ?? "90"
      guard let days = Int(daysText), days >= 0 else {
        return usageError("--days takes a whole number of days, not '\(daysText)'.", console)
      }
      do {
        let removed = try store.prune(olderThanDays: days, includeProbes: args.flag("--include-probes"))
        console.out("removed \(removed) entr\(removed == 1 ? "y" : "ies") unused for \(days) day(s)")
        return .ok
      } catch {
        console.error("error: \(error)")
        return .io
      }
    case "export":
      return CacheWARCCommand.exportWARC(args, store, console)
    default:
      let hint =
        NearMatch.nearest(action, in: ["ls", "stats", "verify", "prune", "export", "import"]).map { " Did you mean '\($0)'?" } ?? ""
      return usageError("unknown action '\(action)'.\(hint)", console)
    }
  }
}
