import CatalogKit
import Foundation

/// How archive.org is asked, on top of the shared fetcher (which retries 429/5xx with backoff, never
/// caches them, and caches 200 and 404 answers), for archive-build and spectrum-build alike:
///
/// - a metadata answer is read by status: 200 is decoded, any 4xx is "no such item" and not retried;
///   a 5xx or time-out that does not clear stops the build (it is never recorded as missing);
/// - a "no such item" for an identifier with capitals is asked once more in lowercase;
/// - an item's small files (scandata) are fetched from the storage node its metadata names, which the
///   source declares as `.archive.org`, else from `/download/`.
public struct ArchiveClient: Sendable {
  /// What to do with a 200 whose JSON cannot be read.
  public enum Unreadable: Sendable {
    /// Stop: a hand-picked list has no room for an item we cannot read.
    case fail
    /// Warn and count it as missing: one odd answer must not sink a build of thousands of rows. It
    /// is dropped from the cache, so the next run asks again.
    case warnAsMissing
  }

  /// A metadata answer is one whole JSON object (`{}` for no such item); archive.org's HTML
  /// maintenance page, served as 200, is not.
  static let metadataCheck = AnswerCheck.json(PageShape.jsonObject("archive.org metadata answer"))

  public let context: BuildContext
  public var unreadable: Unreadable
  /// Lookups per progress line.
  public var batch: Int

  public init(_ context: BuildContext, unreadable: Unreadable = .fail, batch: Int = 100) {
    self.context = context
    self.unreadable = unreadable
    self.batch = batch
  }

  /// The metadata answer for every identifier, keyed by the identifier asked for. Under
  /// `--no-network` every missing answer is listed before failing.
  public func lookups(_ identifiers: [String], phase: String = "items") async throws -> [String: ArchiveLookup] {
    var answers = try await fetch(identifiers, phase: phase)
    var retry: [String: String] = [:]
    for id in identifiers {
      if let lower = answers[id]?.retryIdentifier(for: id) { retry[id] = lower }
    }
    if !retry.isEmpty {
      let lowered = try await fetch(Array(Set(retry.values)).sorted(), phase: "lowercase retries")
      for (id, lower) in retry {
        if let l = lowered[lower], l != .noSuchItem { answers[id] = l }
      }
    }
    return answers
  }

  /// The address a file of the item is fetched from: its storage node when the metadata names one,
  /// else the `/download/` form.
  public func fileURL(_ name: String, of item: ArchiveItem) -> URL? {
    item.storage?.url(of: name) ?? ArchivePath.downloadURL(identifier: item.identifier, name: name)
  }

  /// Fetches a small file of the item (XML or JSON; never the scans).
  public func file(_ name: String, of item: ArchiveItem) async throws -> (url: URL, response: FetchResponse) {
    guard let url = fileURL(name, of: item) else {
      throw ArchiveClientError.badIdentifier(item.identifier + "/" + name)
    }
    return (url, try await context.fetcher.get(url, kind: .api))
  }

  private func fetch(_ identifiers: [String], phase: String) async throws -> [String: ArchiveLookup] {
    var urls: [(String, URL)] = []
    for id in identifiers {
      guard let u = ArchivePath.metadataURL(identifier: id) else { throw ArchiveClientError.badIdentifier(id) }
      urls.append((id, u))
    }
    var out: [String: ArchiveLookup] = [:]
    let started = Date()
    // Under --no-network every miss is gathered in one call, so the error lists them all.
    let size = context.options.noNetwork ? max(urls.count, 1) : batch
    var done = 0
    var start = 0
    while start < urls.count {
      let slice = urls[start..<min(urls.count, start + size)]
      let responses = try await context.fetcher.getEach(slice.map(\.1), kind: .api, check: ArchiveClient.metadataCheck)
      for (id, u) in slice {
        guard let answer = responses[u] else { throw ArchiveClientError.noAnswer(u) }
        let r: FetchResponse
        switch answer {
        case .success(let response): r = response
        case .failure(let e):
          // An answer that is no metadata every time it is asked (an HTML page, a body cut short).
          guard case .rejected = e, unreadable == .warnAsMissing else { throw e }
          context.warn("\(e); counted as a missing item")
          out[id] = .noSuchItem
          continue
        }
        do {
          out[id] = try ArchiveLookup.decode(status: r.status, body: r.body, url: u)
        } catch {
          guard unreadable == .warnAsMissing else { throw error }
          // Not kept: the next run asks again rather than reading the same bytes as missing forever.
          context.fetcher.reject(u, because: "\(error)")
          context.warn("\(error); counted as a missing item, dropped from the cache")
          out[id] = .noSuchItem
        }
      }
      done += slice.count
      start += size
      context.progress.step(phase, done: done, total: urls.count, detail: ArchiveClient.eta(started, done, urls.count))
    }
    return out
  }

  static func eta(_ started: Date, _ done: Int, _ total: Int) -> String {
    guard done > 0, done < total else { return "" }
    let left = Date().timeIntervalSince(started) / Double(done) * Double(total - done)
    return "about \(Int(left) / 60)m \(Int(left) % 60)s left"
  }
}

public enum ArchiveClientError: BuildFailure {
  /// An identifier (or file name) that cannot form a URL.
  case badIdentifier(String)
  /// The fetcher returned no answer for a URL it was asked for (a broken invariant).
  case noAnswer(URL)

  public var exitCode: ExitCode { .software }

  public var description: String {
    switch self {
    case .badIdentifier(let s): "'\(s)' cannot be made into an archive.org URL"
    case .noAnswer(let u): "\(u.absoluteString): the fetcher returned no answer"
    }
  }
}
