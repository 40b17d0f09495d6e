import BuildSupport
import CatalogKit
import Foundation

/// How archive.org is asked, on top of the shared fetcher (which already retries 429/5xx with backoff,
/// never caches them, and caches 200 and 404 answers):
///
/// - a metadata answer is read by status: 200 is decoded, any 4xx is "no such item" and is not retried;
/// - a "no such item" for an identifier with capitals is asked once more in lowercase;
/// - an item's files are fetched from the storage node its metadata names (the `/download/` address
///   redirects there, and the fetcher refuses redirects to other hosts), else from `/download/`.
///
/// spectrum-build needs the same rules; this type is meant to move to BuildSupport.
final class ArchiveFetchPolicy: @unchecked Sendable {
  let fetcher: Fetcher
  private let lock = NSLock()
  private var nodeFetchers: [String: Fetcher] = [:]

  init(fetcher: Fetcher) { self.fetcher = fetcher }

  /// The metadata answer for every identifier, keyed by the identifier asked for. Under `--no-network`
  /// every missing answer is listed before failing.
  func lookups(_ identifiers: [String]) async throws -> [String: ArchiveLookup] {
    var urls: [String: URL] = [:]
    for id in identifiers {
      guard let u = ArchivePath.metadataURL(identifier: id) else { throw ArchiveBuildError.badIdentifier(id) }
      urls[id] = u
    }
    let responses = try await fetcher.getAll(identifiers.compactMap { urls[$0] }, kind: .api)
    var out: [String: ArchiveLookup] = [:]
    for id in identifiers {
      guard let url = urls[id], let r = responses[url] else { continue }
      var lookup = try ArchiveLookup.decode(status: r.status, body: r.body, url: url)
      if let lower = lookup.retryIdentifier(for: id) {
        lookup = try await self.lookup(lower)
      }
      out[id] = lookup
    }
    return out
  }

  /// One identifier's metadata answer, exactly as asked (no retry).
  func lookup(_ identifier: String) async throws -> ArchiveLookup {
    guard let url = ArchivePath.metadataURL(identifier: identifier) else {
      throw ArchiveBuildError.badIdentifier(identifier)
    }
    let r = try await fetcher.get(url, kind: .api)
    return try ArchiveLookup.decode(status: r.status, body: r.body, url: url)
  }

  /// The address a file of the item is fetched from: its storage node when the metadata names one,
  /// else the `/download/` form.
  func fileURL(_ name: String, of item: ArchiveItem) -> URL? {
    item.storage?.url(of: name) ?? ArchivePath.downloadURL(identifier: item.identifier, name: name)
  }

  /// Fetches a file of the item (small XML or JSON; not the scans).
  func file(_ name: String, of item: ArchiveItem) async throws -> (url: URL, response: FetchResponse) {
    guard let url = fileURL(name, of: item) else { throw ArchiveBuildError.badIdentifier(item.identifier + "/" + name) }
    guard let host = url.host?.lowercased(), host != "archive.org" else {
      return (url, try await fetcher.get(url, kind: .api))
    }
    return (url, try await nodeFetcher(host).get(url, kind: .api))
  }

  /// Requests made to storage nodes (their fetchers are separate, so the runner's counters miss them).
  var nodeRequests: Int {
    lock.lock()
    defer { lock.unlock() }
    return nodeFetchers.values.reduce(0) { $0 + ($1.counters.snapshot[Counter.requests.rawValue] ?? 0) }
  }

  /// A fetcher for one storage node, sharing the cache, politeness settings and mode of the main one.
  private func nodeFetcher(_ host: String) -> Fetcher {
    lock.lock()
    defer { lock.unlock() }
    if let f = nodeFetchers[host] { return f }
    var config = fetcher.configuration
    config.allowedHosts = [host]
    let f = Fetcher(config)
    nodeFetchers[host] = f
    return f
  }
}
