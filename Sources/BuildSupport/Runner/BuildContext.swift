import CatalogKit
import Foundation

/// What a build's closure gets: its options, the fetcher, progress and a place for warnings.
public final class BuildContext: @unchecked Sendable {
  public let tool: BuildTool
  public let options: BuildOptions
  public let fetcher: Fetcher
  public let progress: Progress
  private let lock = NSLock()
  private var _warnings: [String] = []
  private var _notes: [String] = []

  public init(tool: BuildTool, options: BuildOptions, fetcher: Fetcher, progress: Progress) {
    self.tool = tool
    self.options = options
    self.fetcher = fetcher
    self.progress = progress
  }

  /// HEADs every file for its size (or, with the tool's `--no-probe`, reads the sizes already
  /// recorded). A file whose probe fails for good (a 5xx that did not clear, a
  /// redirect to an undeclared host) is warned about and left out of the answers, so its size stays
  /// unknown (no `bytes`, not dead) and the source's sized-share threshold decides whether that is
  /// acceptable; one bad file never stops the run.
  public func probeSizes(_ urls: [URL], headers: [String: String] = [:]) async throws -> [URL: FetchResponse] {
    if options.flag("--no-probe") {
      // Sizes already recorded, without a request: a rebuild that must not touch the files.
      let known = Dictionary(
        uniqueKeysWithValues: urls.compactMap { u in fetcher.cached(u, method: .head).map { (u, $0) } })
      note("--no-probe: \(known.count) of \(urls.count) sizes already recorded")
      return known
    }
    note("asking \(urls.count) files their size")
    var answers: [URL: FetchResponse] = [:]
    for (u, r) in try await fetcher.headEach(urls, headers: headers).sorted(by: {
      $0.key.absoluteString < $1.key.absoluteString
    }) {
      switch r {
      case .success(let response): answers[u] = response
      case .failure(let e): warn("\(e); its size stays unknown")
      }
    }
    return answers
  }

  /// The probes the answers make, keyed by path below `base` (the form catalogues store). An answer
  /// that says nothing about the file (405/501 even after the one-byte GET) is warned about and left
  /// out, so that file's size stays unknown.
  public func sizeProbes(from answers: [URL: FetchResponse], below base: String) -> [String: SizeProbe] {
    var probes: [String: SizeProbe] = [:]
    for (u, r) in answers.sorted(by: { $0.key.absoluteString < $1.key.absoluteString }) {
      guard let probe = SizeProbe(answer: r.status, contentLength: r.contentLength) else {
        warn("\(u.absoluteString): answered HEAD with \(r.status); its size is unknown")
        continue
      }
      if r.status == 200, let problem = r.contentLengthProblem {
        warn("\(u.absoluteString): \(problem); its size is left unknown")
      }
      let s = u.absoluteString
      probes[s.hasPrefix(base) ? String(s.dropFirst(base.count)) : s] = probe
    }
    return probes
  }

  /// Where a catalogue of this build is written (`--output`, else `--out/<file>`).
  public func outputPath(for file: String) -> URL {
    options.outputFile ?? options.outputDirectory.appendingPathComponent(file)
  }

  /// The catalogue the last build wrote at that path, or nil when there is none or it cannot be read
  /// (the runner warns about an unreadable one when it compares). Sources use it for thresholds
  /// that follow the previous size, and for fields a page does not carry.
  public func previousCatalogue<C: Catalogue>(_ type: C.Type, file: String) -> C? {
    let target = outputPath(for: file)
    guard let data = FileManager.default.contents(atPath: target.path) else { return nil }
    return try? CatalogueFile.decode(C.self, from: [UInt8](data), file: target.path)
  }

  /// A `warning:` line on stderr, also kept for the report.
  public func warn(_ message: String) {
    lock.lock()
    _warnings.append(message)
    lock.unlock()
    progress.line("warning: " + message)
  }

  /// An informational line on stderr (suppressed by --quiet), also kept for the report.
  public func note(_ message: String) {
    lock.lock()
    _notes.append(message)
    lock.unlock()
    if !progress.isQuiet { progress.line(message) }
  }

  public var warnings: [String] {
    lock.lock()
    defer { lock.unlock() }
    return _warnings
  }

  public var notes: [String] {
    lock.lock()
    defer { lock.unlock() }
    return _notes
  }
}
