import BuildSupport
import CatalogKit
import Foundation

/// `catalog cache export` and `catalog cache import`: a cache out to WARC and a WARC into a cache.
enum CacheWARCCommand {
  static func exportWARC(_ args: ParsedArguments, _ store: CacheStore, _ console: Console) -> ExitCode {
    guard let path = args.value("--warc") else {
      return CacheCommand.usageError("export needs --warc <file.warc.gz>.", console)
    }
    do {
      let s = try WARCExport.export(store, to: path, hosts: hostFilter(args))
      if args.flag("--json") {
        return CacheCommand.printJSON(
          ExportDocument(
            cache: args.value("--cache") ?? store.root.path, warc: path, gets: s.gets, heads: s.heads,
            records: s.records, bytes: s.bytes),
          console)
      }
      console.out(
        "\(path): \(count(s.gets, "GET answer")) and \(count(s.heads, "HEAD answer")) in \(count(s.records, "record")), \(CatalogueStats.humanBytes(Int64(s.bytes)))"
      )
      return .ok
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
    guard let dir = args.value("--cache") else { return CacheCommand.usageError("--cache <dir> is required.", console) }
    let path = args.positionals[1]
    guard FileManager.default.fileExists(atPath: path) else {
      console.error("error: \(path): no such WARC file")
      return .io
    }
    do {
      try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
      let store = CacheStore(root: URL(fileURLWithPath: dir))
      let wants = hostFilter(args) ?? { _ in true }
      let s = try WARCImport.run(path, into: store, wants: wants)
      if args.flag("--json") {
        return CacheCommand.printJSON(
          ImportDocument(
            cache: dir, warc: path, gets: s.gets, heads: s.heads, revisits: s.revisits, otherHosts: s.otherHosts,
            otherRecords: s.otherRecords), console)
      }
      console.out(
        "\(path): imported \(count(s.gets, "GET answer")) and \(count(s.heads, "HEAD answer")) (\(count(s.revisits, "revisit")) resolved); skipped \(count(s.otherHosts, "answer")) for other hosts and \(count(s.otherRecords, "other record"))"
      )
      return .ok
    } catch let e as WARCFileError {
      console.error("error: \(e)")
      return .invalid
    } catch {
      console.error("error: \(error)")
      return .io
    }
  }

  /// `--host` values as a filter: an exact name, or `.domain` for every host below it.
  static func hostFilter(_ args: ParsedArguments) -> ((String) -> Bool)? {
    let hosts = args.all("--host").flatMap { $0.split(separator: ",").map { $0.lowercased() } }
    guard !hosts.isEmpty else { return nil }
    return { h in hosts.contains { $0 == h || ($0.hasPrefix(".") && h.hasSuffix($0)) } }
  }

  static func count(_ n: Int, _ noun: String) -> String { Plural.count(n, noun) }

  /// `cache export --json` (schemas/cache-export.schema.json).
  struct ExportDocument: Encodable {
    var cache: String
    var warc: String
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
    var otherHosts: Int
    var otherRecords: Int
  }
}
