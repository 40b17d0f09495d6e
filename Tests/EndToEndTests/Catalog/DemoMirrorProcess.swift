import Foundation
import ShelfmarkTestSupport
import XCTest

/// `catalog demo --serve` run as a child: every source's sample on a loopback mirror, for tests that
/// drive `catalog build` the way a schedule would. It stops when `stop()` closes its standard input,
/// or by itself after 15 minutes.
final class DemoMirrorProcess {
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  /// `http://127.0.0.1:PORT`.
  private(set) var url = ""
  /// The `--with source:arg` values the samples need (thresholds sized for a handful of issues).
  private(set) var withArguments: [String] = []

  init(slowMilliseconds: Int = 0) throws {
    process.executableURL = Tool.productsDirectory.appendingPathComponent("catalog")
    process.arguments = ["demo", "--serve"] + (slowMilliseconds > 0 ? ["--slow", String(slowMilliseconds)] : [])
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.standardError
    try process.run()
    // Read the announcement line by line until the "serving until" line.
    var buffer = Data()
    let handle = output.fileHandleForReading
    while !String(decoding: buffer, as: UTF8.self).contains("serving until") {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      buffer += chunk
    }
    for line in String(decoding: buffer, as: UTF8.self).split(separator: "\n") {
      if line.hasPrefix("mirror ") { url = String(line.dropFirst("mirror ".count)) }
      if line.hasPrefix("with ") { withArguments.append(String(line.dropFirst("with ".count))) }
    }
    guard url.hasPrefix("http://127.0.0.1:") else {
      stop()
      throw XCTSkip("catalog demo --serve did not start: \(String(decoding: buffer, as: UTF8.self))")
    }
  }

  /// `--with a --with b …` for `catalog build`.
  var buildArguments: [String] { withArguments.flatMap { ["--with", $0] } }

  func stop() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  deinit {
    if process.isRunning { stop() }
  }
}
