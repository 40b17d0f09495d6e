import Foundation
import Synchronization

/// The one way the project starts another program (a built tool in tests and benchmarks, curl or
/// Python in a benchmark): both pipes are drained while the child runs, so a chatty child never
/// blocks on a full pipe, and the caller may watch it while it runs (peak memory from /proc).
public enum ChildProcess {
  public struct Result: Sendable {
    public var status: Int32
    public var stdout: Data
    public var stderr: Data
    public var seconds: Double
    /// The child was ended by a signal it did not handle (its status is then the signal's number).
    public var signalled: Bool

    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
  }

  /// What to do with one of the child's output streams.
  public enum Output: Sendable {
    case capture
    case discard
    /// Handed over chunk by chunk as it arrives, on a reader thread (a live display, say); the
    /// result then holds none of it.
    case stream(@Sendable (Data) -> Void)
  }

  /// Runs `executable` to the end. `environment` is added to this process's own; `started` is
  /// called once with the child's pid as soon as it runs; `watch` is called with the pid about every
  /// 20 ms while it runs.
  public static func run(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    stdout: Output = .capture, stderr: Output = .capture, started: (Int32) -> Void = { _ in },
    watch: (Int32) -> Void = { _ in }
  ) throws -> Result {
    let p = Process()
    p.executableURL = executable
    p.arguments = arguments
    if let directory { p.currentDirectoryURL = directory }
    if !environment.isEmpty {
      p.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    }
    let outPipe = Pipe()
    let errPipe = Pipe()
    p.standardOutput = stdout.wantsPipe ? outPipe : FileHandle.nullDevice
    p.standardError = stderr.wantsPipe ? errPipe : FileHandle.nullDevice
    p.standardInput = FileHandle.nullDevice
    let startedAt = Date()
    try p.run()
    started(p.processIdentifier)
    let collected = Collected()
    let readers = DispatchGroup()
    drain(outPipe, as: stdout, into: readers) { collected.set(out: $0) }
    drain(errPipe, as: stderr, into: readers) { collected.set(err: $0) }
    while p.isRunning {
      watch(p.processIdentifier)
      usleep(20_000)
    }
    p.waitUntilExit()
    let seconds = Date().timeIntervalSince(startedAt)
    readers.wait()
    let (out, err) = collected.both
    return Result(
      status: p.terminationStatus, stdout: out, stderr: err, seconds: seconds,
      signalled: p.terminationReason == .uncaughtSignal)
  }

  /// Reads one pipe on its own thread until the child closes it, so a chatty child never blocks.
  private static func drain(
    _ pipe: Pipe, as output: Output, into readers: DispatchGroup, keep: @escaping @Sendable (Data) -> Void
  ) {
    let handle = pipe.fileHandleForReading
    switch output {
    case .discard: return
    case .capture:
      readers.enter()
      DispatchQueue.global().async {
        keep(handle.readDataToEndOfFile())
        readers.leave()
      }
    case .stream(let deliver):
      readers.enter()
      DispatchQueue.global().async {
        while true {
          let chunk = handle.availableData
          if chunk.isEmpty { break }
          deliver(chunk)
        }
        readers.leave()
      }
    }
  }
}

extension ChildProcess.Output {
  var wantsPipe: Bool {
    if case .discard = self { return false }
    return true
  }
}

/// The two streams as the reader threads finish them.
private final class Collected: Sendable {
  private let data = Mutex((out: Data(), err: Data()))
  func set(out: Data) { data.withLock { $0.out = out } }
  func set(err: Data) { data.withLock { $0.err = err } }
  var both: (Data, Data) { data.withLock { ($0.out, $0.err) } }
}
