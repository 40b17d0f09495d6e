import BuildSupport
import Foundation
import Synchronization

/// One build executable run as a child process: `--report` into a file, stdout dropped (the report
/// carries everything the summary needs), stderr read line by line while it runs: progress lines
/// (`ProgressLine`) feed the display, every other line is kept to pass through.
struct ChildBuild {
  struct Outcome {
    var code: ExitCode
    /// The child's report; nil when it stopped before writing one (a usage error, a crash).
    var report: BuildReport?
    /// The report's bytes as the child wrote them, to keep beside `catalog build --report`.
    var reportData: Data?
    /// The child's stderr lines, progress lines removed.
    var lines: [String]
    var seconds: Double
    /// The child outlived its time budget and was stopped (SIGTERM); its cache is kept.
    var stoppedAtBudget = false
  }

  /// What the display is told about the running child about twice a second.
  struct Live {
    var seconds: Double
    var progress: ProgressLine?
  }

  enum Failure: Error, CustomStringConvertible {
    case missingExecutable(URL)
    case cannotStart(URL, String)

    var description: String {
      switch self {
      case .missingExecutable(let u):
        "\(u.path): no such executable; build it first (swift build) or install the tools together"
      case .cannotStart(let u, let why): "\(u.path): cannot be started (\(why))"
      }
    }
  }

  var executable: URL
  var arguments: [String]
  /// Variables set for the child on top of this process's environment.
  var environment: [String: String] = [:]
  /// Seconds after which a child still running is sent SIGTERM: its `--max-time` plus a grace for
  /// what it has in flight. A tool that honours its own budget never meets this; it is the
  /// backstop that keeps a scheduled job inside its limit. Nil: no limit.
  var stopAfter: Double? = nil

  /// Runs the child to the end; `tick` is called about twice a second.
  func run(reportFile: URL, tick: (Live) -> Void) throws(Failure) -> Outcome {
    guard FileManager.default.isExecutableFile(atPath: executable.path) else { throw .missingExecutable(executable) }
    try? FileManager.default.removeItem(at: reportFile)
    // stderr is read while the child runs, so the display follows its progress lines.
    let stream = StderrStream()
    let clock = DispatchTime.now().uptimeNanoseconds
    func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9 }
    var stopped = false
    var lastTick = 0.0
    let result: ChildProcess.Result
    do {
      result = try ChildProcess.run(
        executable, arguments + ["--report", reportFile.path],
        environment: environment.merging([ProgressLine.environmentKey: "lines"]) { a, _ in a },
        stdout: .discard, stderr: .stream { stream.append($0) },
        started: { Interruption.shared.running($0) },
        watch: { pid in
          let now = elapsed()
          if let stopAfter, now > stopAfter, !stopped {
            stopped = true
            kill(pid, SIGTERM)
          }
          if now - lastTick >= 0.5 {
            lastTick = now
            tick(Live(seconds: now, progress: stream.latest))
          }
        })
    } catch {
      Interruption.shared.running(nil)
      throw .cannotStart(executable, error.localizedDescription)
    }
    Interruption.shared.running(nil)
    stream.finish()
    let seconds = result.seconds
    var code = ExitCode(rawValue: result.status) ?? .software
    if result.signalled { code = .software }
    // Stopped by us (its budget) or by a signal passed on: incomplete, the cache kept.
    if stopped || Interruption.shared.signal != nil, code != .ok { code = .tempfail }
    let data = FileManager.default.contents(atPath: reportFile.path)
    let report = data.flatMap { try? JSONDecoder().decode(BuildReport.self, from: $0) }
    try? FileManager.default.removeItem(at: reportFile)
    // The lineage the child wrote beside it: the cache keeps its own copy (see `LineageCopy`).
    try? FileManager.default.removeItem(at: LineageRun.besideReport(reportFile))
    return Outcome(
      code: code, report: report, reportData: data, lines: stream.lines, seconds: seconds, stoppedAtBudget: stopped)
  }
}

/// The child's stderr split into lines as it arrives: progress lines update `latest`, the others
/// are kept in order. Shared by the reader thread and the waiting one.
private final class StderrStream: Sendable {
  private struct State {
    var pending: [UInt8] = []
    var lines: [String] = []
    var latest: ProgressLine?
  }
  private let state = Mutex(State())

  func append(_ chunk: Data) {
    state.withLock { s in
      s.pending += chunk
      // Split at every newline, then drop what was read in one move (not once per line).
      var start = s.pending.startIndex
      while let nl = s.pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
        Self.take(String(decoding: s.pending[start..<nl], as: UTF8.self), into: &s)
        start = s.pending.index(after: nl)
      }
      s.pending.removeSubrange(..<start)
    }
  }

  func finish() {
    state.withLock { s in
      if !s.pending.isEmpty { Self.take(String(decoding: s.pending, as: UTF8.self), into: &s) }
      s.pending = []
    }
  }

  var latest: ProgressLine? { state.withLock { $0.latest } }
  var lines: [String] { state.withLock { $0.lines } }

  private static func take(_ line: String, into s: inout State) {
    if let p = ProgressLine.parse(line[...]) {
      s.latest = p
    } else if line.hasPrefix(ProgressLine.prefix) {
      // A malformed progress line is dropped, not shown as a warning.
    } else {
      s.lines.append(line)
    }
  }
}
