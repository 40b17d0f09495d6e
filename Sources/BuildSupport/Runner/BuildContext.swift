import CatalogKit
import Foundation
import Synchronization

/// What a build's closure gets: its options, the fetcher, progress and a place for warnings.
public final class BuildContext: Sendable {
  public let tool: BuildTool
  public let options: BuildOptions
  public let fetcher: Fetcher
  public let progress: Progress
  /// Where the run's lines go; handed in by the runner.
  public let printer: Printer
  /// The catalogues the last build wrote, each decoded once for the source and the runner.
  public let previous: PreviousCatalogues
  /// Parse results kept beside the fetch cache, keyed by body digest and parser version.
  public let parses: ParseCache
  /// Which answers each row was built from (see `LineageRecorder`).
  public let lineage: LineageRecorder
  private let kept = Mutex(Kept())

  /// Warnings and notes, in the order they were said, for the report.
  private struct Kept {
    var warnings: [String] = []
    var notes: [String] = []
  }

  /// `recordsLineage` false keeps no tags even with lineage on: the runner knows the run's
  /// lineage before it starts (`LineageRunKey`).
  public init(
    tool: BuildTool, options: BuildOptions, fetcher: Fetcher, progress: Progress, printer: Printer,
    recordsLineage: Bool = true
  ) {
    self.tool = tool
    self.options = options
    self.lineage = LineageRecorder(enabled: options.lineage && recordsLineage)
    self.fetcher = fetcher
    self.progress = progress
    self.printer = printer
    previous = PreviousCatalogues(printer: printer)
    parses = ParseCache(cacheRoot: fetcher.configuration.cacheRoot)
  }

  /// An answer's parse by `parser`, from the parse cache when its body was parsed before by this
  /// version of the parser.
  public func parsed<P: CachedParse>(_ answer: FetchResponse, by parser: P.Type) -> P {
    parses.parsed(answer, url: answer.url, as: parser)
  }

  /// HEADs every file for its size (or, with the tool's `--no-probe`, reads the sizes already
  /// recorded). A file whose probe fails for good (a 5xx that did not clear, a
  /// redirect to an undeclared host) is warned about and left out of the answers, so its size stays
  /// unknown (no `bytes`, not dead) and the source's sized-share threshold decides whether that is
  /// acceptable; one bad file never stops the run.
  ///
  /// `phase`: names a progress line that moves every `probeSlice` files (a run of thousands); the
  /// run says once how many files it asks either way, and under `--no-network` every miss is
  /// gathered before the error.
  public func probeSizes(_ urls: [URL], headers: [String: String] = [:], phase: String? = nil) async throws
    -> [URL: FetchResponse]
  {
    if let noProbe = tool.noProbe, options[noProbe] {
      // Sizes already recorded, without a request: a rebuild that must not touch the files.
      let known = Dictionary(
        uniqueKeysWithValues: urls.compactMap { u in fetcher.cached(u, method: .head, check: sizeCheck).map { (u, $0) }
        })
      note("--no-probe: \(known.count) of \(Plural.count(urls.count, "size")) already recorded")
      return known
    }
    note("asking \(Plural.count(urls.count, "file")) their size")
    // The sizes the cache already answers as they are, all at once on the cores; the progress
    // line and its slices are for the files that go to the network.
    var answers = fetcher.keptHeads(urls, check: sizeCheck)
    let asked = answers.isEmpty ? urls : urls.filter { answers[$0] == nil }
    var failures: [(url: String, error: FetchError)] = []
    var missing: [URL] = []
    var done = urls.count - asked.count
    var taken = 0
    if let phase { progress.step(phase, done: done, total: urls.count) }
    while taken < asked.count {
      let slice = asked[taken..<min(taken + (phase == nil ? asked.count : Self.probeSlice), asked.count)]
      do {
        for (u, r) in try await fetcher.headEach(Array(slice), headers: headers, check: sizeCheck) {
          switch r {
          case .success(let response): answers[u] = response
          case .failure(let e): failures.append((u.absoluteString, e))
          }
        }
      } catch FetchError.notCachedMany(let urls) {
        missing += urls
      }
      taken += slice.count
      done += slice.count
      if let phase { progress.step(phase, done: done, total: urls.count) }
    }
    if !missing.isEmpty { throw FetchError.notCachedMany(missing) }
    // In address order, so two runs warn alike; only the failures are sorted (a URL's text is
    // made anew on each call, and sorting 18,000 answers by it was a fiftieth of a warm rebuild).
    for f in failures.sorted(by: { $0.url < $1.url }) { warn("\(f.error); its size stays unknown") }
    return answers
  }

  /// Files asked at once between two steps of a probe's progress line.
  static let probeSlice = 128

  /// The source's rule for what a size is, applied to every probe's answer, fresh or cached.
  public var sizeCheck: AnswerCheck { .size(tool.sizeRule) }

  /// The probes the answers make, keyed by path below `base` (the form catalogues store). An answer
  /// that says nothing about the file (405/501 even after the one-byte GET) is warned about and left
  /// out, so that file's size stays unknown.
  public func sizeProbes(from answers: [URL: FetchResponse], below base: String) -> [String: SizeProbe] {
    var probes: [String: SizeProbe] = [:]
    // Sorted by address (each made once), so warnings come in one order and a clash keeps one answer.
    for (s, r) in answers.map({ ($0.key.absoluteString, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
      guard let probe = SizeProbe(answer: r.status, contentLength: r.contentLength) else {
        warn("\(s): answered HEAD with \(r.status); its size is unknown")
        continue
      }
      if r.status == 200, let problem = r.contentLengthProblem {
        warn("\(s): \(problem); its size is left unknown")
      }
      probes[s.hasPrefix(base) ? String(s.dropFirst(base.count)) : s] = probe
    }
    return probes
  }

  /// Where a catalogue of this build is written (`--output`, else `--out/<file>`).
  public func outputPath(for file: String) -> URL {
    options.target(for: file)
  }

  /// The catalogue the last build wrote at that path, or nil when there is none or it cannot be read
  /// (the runner warns about an unreadable one when it compares). Sources use it for thresholds
  /// that follow the previous size, and for fields a page does not carry. A file written by a newer
  /// toolchain stops the run here, before any request.
  public func previousCatalogue<C: Catalogue>(_ type: C.Type, file: String) throws -> C? {
    try previous.catalogue(C.self, at: outputPath(for: file), warnIfUnreadable: false)
  }

  /// GETs each page in order, one at a time; under `--no-network` every page missing from the cache
  /// is collected and the run stops once with the whole list (exit 69). `each` sees every answer.
  /// `details[n]` names the n-th page on the progress line.
  public func pages<T>(
    _ urls: [URL], phase: String, headers: [String: String] = [:], details: [String] = [], check: AnswerCheck? = nil,
    _ each: (Int, FetchResponse) throws -> T?
  ) async throws -> [T] {
    var out: [T] = []
    var missing: [URL] = []
    for (n, url) in urls.enumerated() {
      progress.step(phase, done: n, total: urls.count, detail: details.indices.contains(n) ? details[n] : "")
      let response: FetchResponse
      do {
        response = try await fetcher.get(url, headers: headers, check: check)
      } catch FetchError.notCached(let u, _) {
        missing.append(u)
        continue
      }
      if let value = try each(n, response) { out.append(value) }
    }
    progress.step(phase, done: urls.count, total: urls.count)
    if !missing.isEmpty { throw FetchError.notCachedMany(missing) }
    return out
  }

  /// Stops the run when `--max-time` has run out: nothing is written, the cache is kept (exit 75).
  public func checkDeadline() throws {
    if let d = fetcher.configuration.deadline, Date() >= d { throw DeadlineReached() }
  }

  /// A `warning:` line on stderr, also kept for the report.
  public func warn(_ message: String) {
    kept.withLock { $0.warnings.append(message) }
    progress.line("warning: " + message)
  }

  /// An informational line on stderr (suppressed by --quiet), also kept for the report.
  public func note(_ message: String) {
    kept.withLock { $0.notes.append(message) }
    if !progress.isQuiet { progress.line(message) }
  }

  public var warnings: [String] { kept.withLock { $0.warnings } }

  public var notes: [String] { kept.withLock { $0.notes } }
}

/// `--max-time` ran out after the last request: the run stops before writing (exit 75).
struct DeadlineReached: BuildFailure {
  var exitCode: ExitCode { .tempfail }
  var description: String {
    "the --max-time budget ran out before the catalogues could be written; nothing was written, what was "
      + "fetched is cached, run again to continue"
  }
}
