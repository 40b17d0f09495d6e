import Foundation
import XCTest

/// warcio (PyPI), the WARC library nobody here wrote, that the interop tests check us against.
/// Found in `$SHELFMARK_VENV` (default /tmp/shelfmark-venv, where .ci/run installs it), else on PATH;
/// a test that needs it skips, saying why, only when neither has it.
enum Warcio {
  static var venv: String {
    ProcessInfo.processInfo.environment["SHELFMARK_VENV"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp/shelfmark-venv"
  }

  /// The `warcio` command and a Python that can `import warcio`.
  static func locate() throws -> (cli: String, python: String) {
    let fm = FileManager.default
    let inVenv = (venv + "/bin/warcio", venv + "/bin/python3")
    if fm.isExecutableFile(atPath: inVenv.0), fm.isExecutableFile(atPath: inVenv.1) { return inVenv }
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let cli = "\(dir)/warcio"
      let python = "\(dir)/python3"
      if fm.isExecutableFile(atPath: cli), fm.isExecutableFile(atPath: python),
        (try? run(python, ["-c", "import warcio"]).status) == 0
      {
        return (cli, python)
      }
    }
    let reason =
      "warcio is not installed (looked in \(venv)/bin and on PATH; .ci/run installs it with "
      + "`python3 -m venv \(venv) && \(venv)/bin/pip install warcio`)"
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
