import BuildSupport
import CatalogKit
import Foundation

/// archive.org metadata lookups through the caching fetcher: five in flight, every answer cached
/// (`{}` included), and one lowercase retry for identifiers with capitals that answer "no such item".
///
/// A 5xx or time-out that does not clear makes the fetcher throw, so an unknown answer stops the build
/// instead of being recorded as missing.
enum ItemSource {
  /// Lookups per batch between progress lines.
  static let batch = 100

  static func lookup(_ identifiers: [String], _ ctx: BuildContext, batch: Int = batch) async throws
    -> [String: ArchiveLookup]
  {
    var answers = try await fetch(identifiers, ctx, phase: "items", batch: batch)
    var retry: [String: String] = [:]
    for id in identifiers {
      if let lower = answers[id]?.retryIdentifier(for: id) { retry[id] = lower }
    }
    if !retry.isEmpty {
      let lowered = try await fetch(Array(Set(retry.values)).sorted(), ctx, phase: "lowercase retries", batch: batch)
      for (id, lower) in retry {
        if let l = lowered[lower], l != .noSuchItem { answers[id] = l }
      }
    }
    return answers
  }

  private static func fetch(_ identifiers: [String], _ ctx: BuildContext, phase: String, batch: Int) async throws
    -> [String: ArchiveLookup]
  {
    var urls: [(String, URL)] = []
    for id in identifiers {
      guard let u = ArchivePath.metadataURL(identifier: id) else {
        throw SpectrumFailure.internalError("no metadata URL for \(id)")
      }
      urls.append((id, u))
    }
    var out: [String: ArchiveLookup] = [:]
    let started = Date()
    // Under --no-network every miss is gathered in one call, so the error lists them all.
    let size = ctx.options.noNetwork ? max(urls.count, 1) : batch
    var done = 0
    var start = 0
    while start < urls.count {
      let slice = urls[start..<min(urls.count, start + size)]
      let responses = try await ctx.fetcher.getAll(slice.map(\.1), kind: .api)
      for (id, u) in slice {
        guard let r = responses[u] else { throw SpectrumFailure.internalError("no answer for \(u)") }
        do {
          out[id] = try ArchiveLookup.decode(status: r.status, body: r.body, url: u)
        } catch {
          // One unreadable answer must not sink a build of thousands of rows. It stays cached as
          // archive.org sent it and is decoded again on every run, so a decoder fix picks it up.
          ctx.warn("\(error); counted as a missing item")
          out[id] = .noSuchItem
        }
      }
      done += slice.count
      start += size
      if urls.count > batch || done == urls.count {
        ctx.note("  fetched \(done)/\(urls.count) \(phase)\(eta(started: started, done: done, total: urls.count))")
      }
    }
    return out
  }

  private static func eta(started: Date, done: Int, total: Int) -> String {
    guard done > 0, done < total else { return "" }
    let left = Date().timeIntervalSince(started) / Double(done) * Double(total - done)
    return " — about \(Int(left) / 60)m \(Int(left) % 60)s left"
  }
}
