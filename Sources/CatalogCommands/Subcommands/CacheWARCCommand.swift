import BuildSupport
import CatalogKit
import Foundation

/// `catalog cache export` and `catalog cache import`: a cache out to WARC and a WARC into a cache.
enum CacheWARCCommand {
  static func exportWARC(_ args: ParsedArguments, _ store: CacheStore, _ console: Console) -> ExitCode {
    guard let path = args[CacheCommand.warc] else {
      return CacheCommand.usageError("export needs \(CacheCommand.warc.name) <file.warc.gz>.", console)
    }
    let version = args[CacheCommand.warcVersion]
    do {
      let date = try WARCExport.sourceDate(ProcessInfo.processInfo.environment)
      let s = try WARCExport.export(store, to: path, date: date, version: version, hosts: hostFilter(args))
      if args[CacheCommand.json] {
        return CacheCommand.printJSON(
          ExportDocument(
            cache: args[CacheCommand.cache] ?? store.root.path, warc: path, version: version.rawValue, gets: s.gets,
            heads: s.heads, records: s.records, bytes: s.bytes),
          console)
      }
      console.out(
        "\(path): \(Plural.count(s.gets, "GET answer")) and \(Plural.count(s.heads, "HEAD answer")) in "
          + "\(Plural.count(s.records, "record")) (WARC/\(version.rawValue)), \(CatalogueStats.humanBytes(Int64(s.bytes)))"
      )
      return .ok
    } catch let e as CacheExportError {
      console.error("error: \(e)")
      if case .badSourceDate = e { return .usage }
      return .io
    } catch {
      console.error("error: \(error)")
      return .io
    }
  }

  static func importWARC(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    guard args.positionals.count == 2 else {
      return CacheCommand.usageError(
        "import takes one WARC file: catalog cache import FILE.warc.gz --cache DIR.", console)
    }
    guard let dir = args[CacheCommand.cache] else { return CacheCommand.cacheRequired(console) }
    let path = args.positionals[1]
    guard FileManager.default.fileExists(atPath: path) else {
      console.error("error: \(path): no such WARC file")
      return .io
    }
    do {
      let store = CacheStore(root: URL(fileURLWithPath: dir))
      let wants = hostFilter(args) ?? { _ in true }
      let s = try WARCImport.run(path, into: store, wants: wants)
      if args[CacheCommand.json] {
        let c = s.counts
        return CacheCommand.printJSON(
          ImportDocument(
            cache: dir, warc: path, gets: s.gets, heads: s.heads, revisits: c.revisits, replaced: s.replaced,
            requests: c.requests, otherHosts: c.otherHosts, otherMethods: c.otherMethods, skipped: c.skipped),
          console)
      }
      console.out("\(path): " + summary(s))
      return .ok
    } catch let e as WARCFileError {
      console.error("error: \(e)")
      return .invalid
    } catch {
      console.error("error: \(error)")
      return .io
    }
  }

  /// What an import did, by what it did: answers imported (and how many replaced an earlier one),
  /// request records read for their methods, and what it left out and why.
  static func summary(_ s: WARCImport.Summary) -> String {
    let c = s.counts
    var done = "imported \(Plural.count(s.gets, "GET answer")) and \(Plural.count(s.heads, "HEAD answer"))"
    var notes = ["\(Plural.count(c.revisits, "revisit")) resolved"]
    if s.replaced > 0 {
      notes.append("\(Plural.count(s.replaced, "later answer")) replaced an earlier one for the same URL")
    }
    done += " (" + notes.joined(separator: "; ") + ")"
    if c.requests > 0 { done += "; read \(Plural.count(c.requests, "request record")) for their methods" }
    var skipped = ["\(Plural.count(c.otherHosts, "answer")) for other hosts"]
    if c.otherMethods > 0 { skipped.append("\(Plural.count(c.otherMethods, "answer")) to other methods (POST …)") }
    for (type, n) in c.skipped.sorted(by: { $0.key < $1.key }) { skipped.append(Plural.count(n, "\(type) record")) }
    let list =
      skipped.count == 1 ? skipped[0] : skipped.dropLast().joined(separator: ", ") + " and " + (skipped.last ?? "")
    return done + "; skipped " + list
  }

  /// `--host` values as a filter: an exact name, or `.domain` for every host below it.
  static func hostFilter(_ args: ParsedArguments) -> ((String) -> Bool)? {
    let hosts = args[CacheCommand.host].map { $0.lowercased() }
    guard !hosts.isEmpty else { return nil }
    return { h in hosts.contains { $0 == h || ($0.hasPrefix(".") && h.hasSuffix($0)) } }
  }

  /// `cache export --json` (schemas/cache-export.schema.json).
  struct ExportDocument: Encodable {
    var cache: String
    var warc: String
    var version: String
    var gets: Int
    var heads: Int
    var records: Int
    var bytes: Int
  }

  /// `cache import --json` (schemas/cache-import.schema.json).
  struct ImportDocument: Encodable {
    var cache: String
    var warc: String
    var gets: Int
    var heads: Int
    var revisits: Int
    var replaced: Int
    var requests: Int
    var otherHosts: Int
    var otherMethods: Int
    /// Records that hold no answer, by WARC-Type.
    var skipped: [String: Int]
  }
}
