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

    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
  }

  /// What to do with one of the child's output streams.
  public enum Output: Sendable {
    case capture
    case discard
  }

  /// Runs `executable` to the end. `environment` is added to this process's own; `watch` is called
  /// with the child's pid about every 20 ms while it runs.
  public static func run(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    stdout: Output = .capture, stderr: Output = .capture, watch: ((Int32) -> Void)? = nil
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
    p.standardOutput = stdout == .capture ? outPipe : FileHandle.nullDevice
    p.standardError = stderr == .capture ? errPipe : FileHandle.nullDevice
    p.standardInput = FileHandle.nullDevice
    let started = Date()
    try p.run()
    let collected = Collected()
    let readers = DispatchGroup()
    if stdout == .capture {
      readers.enter()
      DispatchQueue.global().async {
        collected.set(out: outPipe.fileHandleForReading.readDataToEndOfFile())
        readers.leave()
      }
    }
    if stderr == .capture {
      readers.enter()
      DispatchQueue.global().async {
        collected.set(err: errPipe.fileHandleForReading.readDataToEndOfFile())
        readers.leave()
      }
    }
    if let watch {
      while p.isRunning {
        watch(p.processIdentifier)
        usleep(20_000)
      }
    }
    p.waitUntilExit()
    let seconds = Date().timeIntervalSince(started)
    readers.wait()
    let (out, err) = collected.both
    return Result(status: p.terminationStatus, stdout: out, stderr: err, seconds: seconds)
  }
}

/// The two streams as the reader threads finish them.
private final class Collected: Sendable {
  private let data = Mutex((out: Data(), err: Data()))
  func set(out: Data) { data.withLock { $0.out = out } }
  func set(err: Data) { data.withLock { $0.err = err } }
  var both: (Data, Data) { data.withLock { ($0.out, $0.err) } }
}
