import BuildSupport
import Foundation

/// One build executable run as a child process: `--report` into a temporary file, stdout dropped
/// (the report carries everything the summary needs), stderr kept to show when it fails.
struct ChildBuild {
  struct Outcome {
    var code: ExitCode
    /// The child's report; nil when it stopped before writing one (a usage error, a crash).
    var report: BuildReport?
    var stderr: String
    var seconds: Double
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

  /// Runs the child to the end; `tick` is called about twice a second with the seconds elapsed.
  func run(reportFile: URL, tick: (Double) -> Void) throws(Failure) -> Outcome {
    guard FileManager.default.isExecutableFile(atPath: executable.path) else { throw .missingExecutable(executable) }
    try? FileManager.default.removeItem(at: reportFile)
    let p = Process()
    p.executableURL = executable
    p.arguments = arguments + ["--report", reportFile.path]
    if !environment.isEmpty {
      p.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    }
    let err = Pipe()
    p.standardError = err
    p.standardOutput = FileHandle.nullDevice
    p.standardInput = FileHandle.nullDevice
    let done = DispatchSemaphore(value: 0)
    p.terminationHandler = { _ in done.signal() }
    let started = DispatchTime.now().uptimeNanoseconds
    do {
      try p.run()
    } catch {
      throw .cannotStart(executable, error.localizedDescription)
    }
    // Drain stderr while the child runs, so a chatty child never blocks on a full pipe.
    let collected = Collected()
    let reader = DispatchGroup()
    reader.enter()
    DispatchQueue.global().async {
      collected.data = err.fileHandleForReading.readDataToEndOfFile()
      reader.leave()
    }
    func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
    while done.wait(timeout: .now() + .milliseconds(500)) == .timedOut { tick(elapsed()) }
    reader.wait()
    let seconds = elapsed()
    let code = ExitCode(rawValue: p.terminationStatus) ?? .software
    var report: BuildReport? = nil
    if let data = FileManager.default.contents(atPath: reportFile.path) {
      report = try? JSONDecoder().decode(BuildReport.self, from: data)
    }
    try? FileManager.default.removeItem(at: reportFile)
    return Outcome(
      code: code, report: report, stderr: String(decoding: collected.data, as: UTF8.self), seconds: seconds)
  }

  /// The stderr reader's result, handed across threads once (the group orders the accesses).
  private final class Collected: @unchecked Sendable {
    var data = Data()
  }
}
