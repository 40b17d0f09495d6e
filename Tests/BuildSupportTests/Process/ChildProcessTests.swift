import Foundation
import XCTest

@testable import BuildSupport

final class ChildProcessTests: XCTestCase {
  let shell = URL(fileURLWithPath: "/bin/sh")

  func testBothStreamsAndTheStatusComeBack() throws {
    let r = try ChildProcess.run(shell, ["-c", "echo out; echo err >&2; exit 3"])
    XCTAssertEqual(r.status, 3)
    XCTAssertEqual(r.stdoutText, "out\n")
    XCTAssertEqual(r.stderrText, "err\n")
  }

  func testAChattyChildOnBothStreamsNeverBlocks() throws {
    // Far more than a pipe buffer (64 KiB) on each stream at once.
    let r = try ChildProcess.run(
      shell, ["-c", "i=0; while [ $i -lt 20000 ]; do echo line $i; echo err $i >&2; i=$((i+1)); done"])
    XCTAssertEqual(r.status, 0)
    XCTAssertEqual(r.stdoutText.split(separator: "\n").count, 20_000)
    XCTAssertEqual(r.stderrText.split(separator: "\n").count, 20_000)
  }

  func testTheEnvironmentIsAddedAndTheWatcherSeesTheChild() throws {
    nonisolated(unsafe) var seen = Set<Int32>()
    let r = try ChildProcess.run(
      shell, ["-c", "sleep 0.1; printf %s \"$SHELFMARK_X\""], environment: ["SHELFMARK_X": "y"]
    ) { pid in seen.insert(pid) }
    XCTAssertEqual(r.stdoutText, "y")
    XCTAssertEqual(seen.count, 1)
  }
}
