import BuildSupport
import Foundation
import SiteMirrorKit

/// `catalog demo --serve`: the demo's loopback mirror alone, for running `catalog build` (or a
/// single tool) by hand or from a test against every source's sample. It prints the mirror's
/// address and the `--with` arguments the samples need, one per line, then serves until its
/// standard input closes (Ctrl-D) or its lifetime ends.
enum DemoServe {
  /// The mirror stops by itself after this long, whoever started it.
  static let lifetimeSeconds: Double = 900

  static func run(_ samples: [DemoSample], slowMilliseconds: Int, console: Console) -> ExitCode {
    let server: SiteMirror
    do {
      server = try DemoSite.serve(samples, lifetime: lifetimeSeconds)
    } catch {
      console.error("error: the loopback mirror cannot start: \(error)")
      return .unavailable
    }
    defer { server.stop() }
    if slowMilliseconds > 0 {
      // Every answer waits before its first byte: a slow site, so a time budget runs out mid-crawl.
      server.inject(.slowFirstByte(milliseconds: slowMilliseconds), matching: "", times: Int(Int32.max))
    }
    console.out("mirror \(server.baseURL)")
    for s in samples {
      for a in s.arguments { console.out("with \(s.source):\(a)") }
    }
    console.out("serving until standard input closes (Ctrl-D), at most \(Int(lifetimeSeconds / 60)) minutes")
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = FileHandle.standardInput.readDataToEndOfFile()
      done.signal()
    }
    _ = done.wait(timeout: .now() + lifetimeSeconds)
    return .ok
  }
}
