import BuildSupport
import CatalogKit
import Foundation
import SiteMirrorKit

/// `bench fetch`: the fetcher's warm-cache replay rate next to its floor (reading the same files and
/// nothing else), and its HEAD rate over loopback next to a peer, curl doing the same HEADs. Every
/// figure is the median of `rounds` samples taken in one run, the two sides of a ratio back to back
/// in each round; the loopback server runs in this process for both sides.
enum FetchBench {
  static func run(count: Int = 5000, rounds: Int = 5) async throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bench-fetch-\(getpid())")
    defer { try? FileManager.default.removeItem(at: dir) }
    let server = try SiteMirror(root: nil, lifetime: 600)
    let paths = (0..<count).map { "bench.example/files/\($0 / 100)/issue-\($0).zip" }
    for (i, p) in paths.enumerated() { server.setSize(1_000_000 + i, for: p) }
    // Real listing pages weigh tens of kilobytes: the SHA-256 check on read costs in proportion.
    let filler = String(repeating: "<tr><td>a row of a listing page</td></tr>\n", count: 750)
    server.route { req in
      guard req.method == "GET" else { return nil }
      if req.path.hasPrefix("/pages/") { return MirrorResponse.text("<html><body>\(req.path)</body></html>") }
      if req.path.hasPrefix("/listings/") {
        return MirrorResponse.text("<html><body>\(req.path)\(filler)</body></html>")
      }
      return nil
    }
    try server.start()
    let mirror = URL(string: server.baseURL)
    func fetcher(_ cache: String, jobs: Int) -> Fetcher {
      var c = FetcherConfiguration(cacheRoot: dir.appendingPathComponent(cache), allowedHosts: ["bench.example"])
      c.mirror = mirror
      c.jobs = jobs
      c.delayMS = 0
      c.respectRobots = false
      return Fetcher(c)
    }

    let pages = (0..<count).compactMap { URL(string: "https://bench.example/pages/\($0).html") }
    let listings = (0..<count / 2).compactMap { URL(string: "https://bench.example/listings/\($0).html") }
    _ = try await fetcher("warm", jobs: 8).getAll(pages)
    _ = try await fetcher("listings", jobs: 8).getAll(listings)
    let files = paths.compactMap { URL(string: "https://\($0)") }
    let config = dir.appendingPathComponent("curl.cfg")
    let lines = paths.map { "url = \"\(server.baseURL)/\($0)\"\noutput = \"/dev/null\"" }.joined(separator: "\n")
    try Data(lines.utf8).write(to: config)
    let curl = URL(fileURLWithPath: "/usr/bin/curl")
    let haveCurl = FileManager.default.isExecutableFile(atPath: curl.path)

    var warm = Samples()
    var warmFloor = Samples()
    var heavy = Samples()
    var heavyFloor = Samples()
    var shaShare = Samples()
    var heavyShaShare = Samples()
    var heads = Samples()
    var curlHeads = Samples()
    var transport = Samples()
    var urlSession = Samples()
    for round in 0..<rounds {
      // Warm cache replay: a new fetcher each round, as a new build would make.
      let w = fetcher("warm", jobs: 8)
      warm.add(try await seconds { for u in pages { _ = try await w.get(u) } })
      precondition(w.counters[.hit] == count, "warm replay made requests")
      warmFloor.add(try readEveryFile(dir.appendingPathComponent("warm")))
      // Every body read is checked against its SHA-256 (a body changed on disk is never served):
      // the hashing alone, over the same bodies, as a share of the replay's time.
      shaShare.add(try shareOfHashing(dir.appendingPathComponent("warm"), of: warm.values[round]))
      let h = fetcher("listings", jobs: 8)
      heavy.add(try await seconds { for u in listings { _ = try await h.get(u) } })
      heavyFloor.add(try readEveryFile(dir.appendingPathComponent("listings")))
      heavyShaShare.add(try shareOfHashing(dir.appendingPathComponent("listings"), of: heavy.values[round]))

      // HEADs over loopback, 8 in flight, into an empty cache each round; then curl the same HEADs.
      let f = fetcher("heads-\(round)", jobs: 8)
      heads.add(try await seconds { _ = try await f.headAll(files) })
      if haveCurl {
        curlHeads.add(
          try ChildProcess.run(
            curl, ["--parallel", "--parallel-max", "8", "-s", "-I", "--config", config.path], stdout: .discard
          ).seconds)
      }
      // The transport alone (no cache, no gate), to show where the time goes.
      transport.add(try await transportAlone(CurlTransport.shared, paths, server.baseURL))
      urlSession.add(try await transportAlone(URLSessionTransport(maxConnectionsPerHost: 8), paths, server.baseURL))
    }
    server.stop()

    func rate(_ n: Int, _ s: Samples) -> Double { Double(n) / max(s.median, 1e-9) }
    // The digests alone, and CRC-32 (zip entries): libcrypto and zlib, 64 passes over 1 MB (a
    // large cached body's size) per sample.
    let block = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    var sink = 0
    let sha256 = Samples.time(rounds) { for _ in 0..<64 { sink &+= SHA256.digest(block).count } }
    let sha1 = Samples.time(rounds) { for _ in 0..<64 { sink &+= SHA1.digest(block).count } }
    let crc = Samples.time(rounds) { for _ in 0..<64 { sink &+= Int(ZipCRC32.checksum(block) & 1) } }
    precondition(sink > 0)
    print("fetch benchmark (\(count) URLs, loopback, medians of \(rounds) rounds)")
    for (name, s) in [("SHA-256", sha256), ("SHA-1", sha1), ("CRC-32", crc)] {
      print(row("\(name), 64 × 1 MB", 64 * 1.048576 / max(s.median, 1e-9), "MB/s", goal: "goal ≥ 1,000 MB/s"))
    }
    print(row("warm cache replay (GET)", rate(count, warm), "entries/s", goal: "goal ≥ 20,000/s"))
    print(row("  " + Baseline.floor("reading the same files").label, rate(count, warmFloor), "entries/s", goal: ""))
    print(String(format: "  SHA-256 check of every body: %.1f%% of the replay's time", shaShare.median * 100))
    print(
      row(
        "warm cache replay (GET, 30 KB pages)", rate(listings.count, heavy), "entries/s", goal: "goal ≥ 20,000/s"))
    print(
      row(
        "  " + Baseline.floor("reading the same files").label, rate(listings.count, heavyFloor), "entries/s", goal: ""))
    print(String(format: "  SHA-256 check of every body: %.1f%% of the replay's time", heavyShaShare.median * 100))
    print(row("HEADs, 8 in flight (Shelfmark)", rate(count, heads), "requests/s", goal: ""))
    print(row("HEADs, 8 in flight (libcurl transport alone)", rate(count, transport), "requests/s", goal: ""))
    print(row("HEADs, 8 in flight (URLSession alone)", rate(count, urlSession), "requests/s", goal: ""))
    if haveCurl {
      print(
        row(
          "HEADs, 8 in flight (\(Baseline.peer("curl --parallel").label))", rate(count, curlHeads), "requests/s",
          goal: ""))
      // Time ours / time curl, round by round: above 1 when curl is the faster.
      print("  ratio curl / Shelfmark (rate): \(Samples.ratios(heads, curlHeads).summary("%.2fx")) (goal ≤ 2x)")
    } else {
      print("  curl not found at /usr/bin/curl: no comparison")
    }
  }

  /// The seconds `body` took.
  static func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    let t = ContinuousClock.now
    try await body()
    return Samples.seconds(ContinuousClock.now - t)
  }

  /// The floor of a warm replay: every record and body under `cache` read into memory, nothing
  /// parsed or checked; the seconds it took.
  static func readEveryFile(_ cache: URL) throws -> Double {
    let names =
      FileManager.default.enumerator(atPath: cache.path)?.compactMap { $0 as? String }.filter {
        $0.hasSuffix(".body") || $0.hasSuffix(".json")
      } ?? []
    let paths = names.map { cache.path + "/" + $0 }
    let t = ContinuousClock.now
    var sink = 0
    for p in paths { sink &+= FileManager.default.contents(atPath: p)?.count ?? 0 }
    precondition(sink > 0 || paths.isEmpty)
    return Samples.seconds(ContinuousClock.now - t)
  }

  /// Time spent hashing every cached body under `cache`, as a share of `seconds`.
  static func shareOfHashing(_ cache: URL, of seconds: Double) throws -> Double {
    let files =
      FileManager.default.enumerator(atPath: cache.path)?.compactMap { $0 as? String }.filter {
        $0.hasSuffix(".body")
      } ?? []
    let bodies = try files.map { [UInt8](try Data(contentsOf: cache.appendingPathComponent($0))) }
    let t = Date()
    var sink = 0
    for b in bodies { sink &+= SHA256.hex(b).utf8.count }
    let hashing = Date().timeIntervalSince(t)
    precondition(sink > 0 || bodies.isEmpty)
    return seconds > 0 ? hashing / seconds : 0
  }

  /// HEADs straight through a transport: no cache, no gates.
  static func transportAlone(_ transport: Transport, _ paths: [String], _ base: String) async throws -> Double {
    let urls = paths.compactMap { URL(string: "\(base)/\($0)") }
    let t = Date()
    await withTaskGroup(of: Void.self) { group in
      var next = 0
      func add() {
        guard next < urls.count else { return }
        let u = urls[next]
        next += 1
        group.addTask {
          _ = try? await transport.send(TransportRequest(url: u, method: .head, headers: [:], timeout: 30))
        }
      }
      for _ in 0..<8 { add() }
      while await group.next() != nil { add() }
    }
    return Date().timeIntervalSince(t)
  }

  static func row(_ label: String, _ rate: Double, _ unit: String, goal: String) -> String {
    label.padding(toLength: 46, withPad: " ", startingAt: 0) + String(format: "%10.0f %@", rate, unit)
      + (goal.isEmpty ? "" : "   (\(goal))")
  }
}
