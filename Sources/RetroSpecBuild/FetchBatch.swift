import BuildSupport
import Foundation

/// Many GETs or HEADs through the shared fetcher, up to `--jobs` at a time, with every `--no-network`
/// miss gathered before failing (as `Fetcher.getAll` does).
///
/// A local stand-in for `Fetcher.getAll`/`headAll`: in optimised builds (Swift 6.3.1, Linux) their task
/// group, whose child result is the tuple `(URL, Result<FetchResponse, Error>)`, hands back a corrupt
/// URL and the tool crashes (SIGSEGV in `URL.hash` at `results[u] = resp`). A struct result does not.
/// Drop this once the fetcher's own batch uses a struct.
enum FetchBatch {
  struct Outcome: Sendable {
    let url: URL
    let response: FetchResponse?
    let error: Error?
  }

  static func get(_ urls: [URL], with fetcher: Fetcher, kind: RequestKind = .page) async throws -> [URL: FetchResponse]
  {
    try await run(urls, width: fetcher.configuration.jobs) { try await fetcher.get($0, kind: kind) }
  }

  static func head(_ urls: [URL], with fetcher: Fetcher) async throws -> [URL: FetchResponse] {
    try await run(urls, width: fetcher.configuration.jobs) { try await fetcher.head($0) }
  }

  static func run(
    _ urls: [URL], width: Int, _ one: @escaping @Sendable (URL) async throws -> FetchResponse
  ) async throws -> [URL: FetchResponse] {
    var seen = Set<URL>()
    let unique = urls.filter { seen.insert($0).inserted }
    var results: [URL: FetchResponse] = [:]
    var missing: [URL] = []
    var firstError: Error?
    try await withThrowingTaskGroup(of: Outcome.self) { group in
      var next = 0
      while next < min(max(width, 1), unique.count) {
        let u = unique[next]
        next += 1
        group.addTask { await attempt(u, one) }
      }
      while let o = try await group.next() {
        if let r = o.response {
          results[o.url] = r
        } else if let e = o.error {
          if case FetchError.notCached(let url, _) = e {
            missing.append(url)
          } else if firstError == nil {
            firstError = e
            group.cancelAll()
          }
        }
        if firstError == nil, next < unique.count {
          let u = unique[next]
          next += 1
          group.addTask { await attempt(u, one) }
        }
      }
    }
    if let firstError { throw firstError }
    if !missing.isEmpty {
      let order = Dictionary(uniqueKeysWithValues: unique.enumerated().map { ($1, $0) })
      throw FetchError.notCachedMany(missing.sorted { order[$0, default: 0] < order[$1, default: 0] })
    }
    return results
  }

  static func attempt(_ u: URL, _ one: @Sendable (URL) async throws -> FetchResponse) async -> Outcome {
    do { return Outcome(url: u, response: try await one(u), error: nil) } catch {
      return Outcome(url: u, response: nil, error: error)
    }
  }
}
