import Foundation
import XCTest

/// The Python WARC tools nobody here wrote, that the interop tests check us against: warcio,
/// FastWARC, warcat and warctools (all PyPI). Found in `$SHELFMARK_VENV` (default
/// /tmp/shelfmark-venv, where .ci/run installs them), else on PATH; a test that needs one skips,
/// saying why, only when neither has it.
enum PythonTool {
  static var venv: String {
    ProcessInfo.processInfo.environment["SHELFMARK_VENV"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp/shelfmark-venv"
  }

  /// A Python that can `import module`, and the command `cli` beside it (nil when none is asked for).
  static func locate(module: String, cli: String?, package: String) throws -> (cli: String?, python: String) {
    let fm = FileManager.default
    let dirs =
      [venv + "/bin"] + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    for dir in dirs {
      let python = dir + "/python3"
      guard fm.isExecutableFile(atPath: python) else { continue }
      if let cli, !fm.isExecutableFile(atPath: dir + "/" + cli) { continue }
      if (try? run(python, ["-c", "import \(module)"]).status) == 0 { return (cli.map { dir + "/" + $0 }, python) }
    }
    let reason =
      "\(package) is not installed (looked in \(venv)/bin and on PATH; .ci/run installs it with "
      + "`python3 -m venv \(venv) && \(venv)/bin/pip install \(package)`)"
    print("skipped: \(reason)")
    throw XCTSkip(reason)
  }

  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  @discardableResult
  static func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> Output {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    let inPipe = Pipe()
    p.standardOutput = out
    p.standardError = err
    p.standardInput = input == nil ? FileHandle.nullDevice : inPipe
    try p.run()
    if let input {
      inPipe.fileHandleForWriting.write(Data(input.utf8))
      try inPipe.fileHandleForWriting.close()
    }
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    p.waitUntilExit()
    return Output(
      status: p.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}

/// warcio: reads every WARC we write (`warcio check`, `warcio index`), writes WARCs we import.
enum Warcio {
  static func locate() throws -> (cli: String, python: String) {
    let found = try PythonTool.locate(module: "warcio", cli: "warcio", package: "warcio")
    return (found.cli ?? "warcio", found.python)
  }

  @discardableResult
  static func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> PythonTool.Output {
    try PythonTool.run(executable, arguments, input: input)
  }
}
