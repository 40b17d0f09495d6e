import Foundation

/// What a benchmark's figure is set against, named for what it is: a ratio to a peer says how we
/// compare with another tool doing the same job; a ratio to a floor says how far we are from the
/// least any implementation must do (reading the bytes, decoding them), so it can never be below 1.
enum Baseline {
  case peer(String)
  case floor(String)

  var label: String {
    switch self {
    case .peer(let what): "peer: \(what)"
    case .floor(let what): "floor: \(what)"
    }
  }
}

/// Several timings of one thing, reported by their median: on a loaded 2-core machine one sample
/// swings by a factor of two, so a ratio of two single samples says little.
struct Samples {
  private(set) var values: [Double] = []

  init(_ values: [Double] = []) { self.values = values }

  mutating func add(_ v: Double) { values.append(v) }

  var median: Double {
    let s = values.sorted()
    guard !s.isEmpty else { return 0 }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
  }

  var min: Double { values.min() ?? 0 }
  var max: Double { values.max() ?? 0 }

  /// `median 1.23 (1.10–1.40, 5 samples)` with the given format for each number.
  func summary(_ format: String = "%.2f") -> String {
    String(format: "median \(format) (\(format)–\(format), %d samples)", median, min, max, values.count)
  }

  /// The seconds each of `count` runs of `body` took.
  static func time(_ count: Int, _ body: () throws -> Void) rethrows -> Samples {
    var s = Samples()
    for _ in 0..<count {
      let t = ContinuousClock.now
      try body()
      s.add(seconds(ContinuousClock.now - t))
    }
    return s
  }

  /// The seconds each of `count` runs of `body` took (async).
  static func time(_ count: Int, _ body: () async throws -> Void) async rethrows -> Samples {
    var s = Samples()
    for _ in 0..<count {
      let t = ContinuousClock.now
      try await body()
      s.add(seconds(ContinuousClock.now - t))
    }
    return s
  }

  static func seconds(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) + Double(c.attoseconds) / 1e18
  }

  /// Per-sample ratios `a[i] / b[i]` of two interleaved series (each pair measured back to back, so
  /// a load change on the machine moves both sides of a pair alike).
  static func ratios(_ a: Samples, _ b: Samples) -> Samples {
    Samples(zip(a.values, b.values).map { $0 / Swift.max($1, 1e-9) })
  }
}

/// Peak resident memory of a process, from /proc: VmHWM is the kernel's own high-water mark, so a
/// reading late in a run includes every earlier peak.
enum PeakMemory {
  static func kilobytes(_ pid: String = "self") -> Int {
    guard let s = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }

  /// The largest peak of any child this process has waited for (getrusage), in kilobytes: a child
  /// that ends between two /proc samples still counts.
  static func childrenKilobytes() -> Int {
    var u = rusage()
    guard getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &u) == 0 else { return 0 }
    return u.ru_maxrss
  }

  /// Resets this process's VmHWM to its current size (Linux `clear_refs` 5), so the next reading
  /// is the peak of what runs after; false when the kernel does not allow it.
  @discardableResult
  static func resetSelf() -> Bool {
    guard let h = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
    defer { try? h.close() }
    return (try? h.write(contentsOf: Data("5".utf8))) != nil
  }
}
