/// Runs grid measurements to the end against whatever answers the probes: a fetcher doing HEAD
/// requests in the build, a model of the archive in tests and the benchmark. It does no I/O itself.
public enum PopBoksGridSurvey {
  /// Answers a batch of probes; a probe missing from the result, or answered `.undecided`, is asked
  /// again in the next round.
  public typealias Ask = @Sendable ([PopBoksGridProbe]) async throws -> [PopBoksGridProbe: PopBoksProbeAnswer]

  /// How many rounds in a row one probe may stay undecided before the measurement gives up. The
  /// fetcher already retries 429 and 5xx with backoff, so this only bounds a misbehaving answerer.
  public static let maximumUndecidedRounds = 4

  /// Measures one issue.
  public static func measure(_ start: PopBoksGridMeasurement, ask: Ask) async throws -> PopBoksGridResult {
    var m = start
    var undecided: [PopBoksGridProbe: Int] = [:]
    while true {
      let probes = m.nextProbes()
      if probes.isEmpty { break }
      let answers = try await ask(probes)
      for probe in probes {
        let answer = answers[probe] ?? .undecided(status: 0)
        if m.record(probe, answer) {
          undecided[probe] = nil
        } else {
          let n = (undecided[probe] ?? 0) + 1
          undecided[probe] = n
          if n >= maximumUndecidedRounds, case .undecided(let status) = answer {
            throw PopBoksGridSurveyError.noAnswer(probe: probe, status: status, rounds: n)
          }
        }
      }
    }
    guard let result = m.result else { throw PopBoksGridSurveyError.unfinished(pages: m.pages) }
    return result
  }

  /// Answers a batch of probes for one issue.
  public typealias AskIssue =
    @Sendable (PopBoksIndexEntry, [PopBoksGridProbe]) async throws -> [PopBoksGridProbe: PopBoksProbeAnswer]

  /// Measures issues in index order. Each issue first assumes the grid it had in the previous
  /// catalogue, else the grid the issue before it measured (neighbours are usually scanned alike),
  /// else the viewer's 5×7. The expectation only decides how many rounds are needed; the answer is
  /// the same whatever it is.
  public static func measureAll(
    _ entries: [PopBoksIndexEntry], previous: [Int: PopBoksTileGrid] = [:], ask: @escaping AskIssue,
    progress: (Int, Int, PopBoksIndexEntry, PopBoksGridResult) -> Void = { _, _, _, _ in }
  ) async throws -> [Int: PopBoksGridResult] {
    var results: [Int: PopBoksGridResult] = [:]
    var last = PopBoksTileGrid.viewer
    for (n, entry) in entries.enumerated() {
      let expected = previous[entry.id] ?? last
      let result = try await measure(PopBoksGridMeasurement(entry: entry, expected: expected)) { probes in
        try await ask(entry, probes)
      }
      results[entry.id] = result
      if result.grid.columns > 0 && result.grid.rows > 0 { last = result.grid }
      progress(n + 1, entries.count, entry, result)
    }
    return results
  }
}

/// Why a measurement could not finish.
public enum PopBoksGridSurveyError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The archive kept answering something that is neither "there" nor "not there".
  case noAnswer(probe: PopBoksGridProbe, status: Int, rounds: Int)
  /// The measurement stopped asking without a result; a broken invariant.
  case unfinished(pages: [Int])

  public var description: String {
    switch self {
    case .noAnswer(let probe, let status, let rounds):
      "\(probe): no decisive answer after \(rounds) rounds (last status \(status)); only 200 and 403/404 decide"
    case .unfinished(let pages):
      "the grid measurement on pages \(pages) stopped without a result"
    }
  }
}
