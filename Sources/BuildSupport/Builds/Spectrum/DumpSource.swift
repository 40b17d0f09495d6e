import CatalogKit
import Foundation

/// The ZXDB dump: fetched through the caching fetcher, loaded into `<cache>/zxdb.sqlite` once per hash.
enum DumpSource {
  static func open(_ ctx: BuildContext) async throws -> (store: ZXDBStore, load: ZXDBStore.Load) {
    let url = try SpectrumTool.dumpURL()
    let o = ctx.options
    // Under --no-network a cold cache fails here like every other source: exit 69, the URL listed.
    if !o.noNetwork { ctx.note("fetching \(url.absoluteString)") }
    let response = try await ctx.fetcher.get(url, kind: .file)
    guard response.status == 200 else {
      throw SpectrumFailure.dumpStatus(url: url.absoluteString, status: response.status)
    }
    ctx.note(
      String(format: "  %.1f MB %@", Double(response.body.count) / 1_000_000, response.fromCache ? "cached" : "fetched")
    )
    let sha = SHA256.hex(response.body)
    let path = o.cacheDirectory.appendingPathComponent("zxdb.sqlite")
    let opened: (store: ZXDBStore, load: ZXDBStore.Load)
    do {
      opened = try ZXDBStore.open(zip: response.body, sha256: sha, dumpName: SpectrumTool.dumpName, at: path)
    } catch let e as ZipError {
      // A cut download or an error page cached as 200 must not be replayed forever.
      ctx.fetcher.evict(url)
      ctx.note("  dropped the cached dump: it is not a readable zip; the next run fetches it again")
      throw e
    }
    let load = opened.load
    if load.reused {
      ctx.note("  \(path.lastPathComponent) already holds dump \(sha.prefix(12)); not loaded again")
    } else {
      ctx.note(
        String(format: "  loaded %.1f MB of SQL into %@", Double(load.sqlBytes) / 1_000_000, path.lastPathComponent))
      for (table, rows) in load.rowCounts { ctx.note("  \(Out.pad(table, 12)) \(Plural.count(rows, "row"))") }
    }
    for w in load.warnings { ctx.warn(w) }
    return opened
  }

  /// Summary lines naming the dump, so two builds can be compared.
  static func summary(_ load: ZXDBStore.Load) -> [String] {
    ["dump sha256 \(load.dumpSHA256)  (\(load.zipBytes) bytes zipped)"]
  }
}
