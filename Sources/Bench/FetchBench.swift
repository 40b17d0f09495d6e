import BuildSupport
import CatalogKit
import Foundation
import SiteMirrorKit

/// `bench fetch`: the fetcher's warm-cache replay rate, and its HEAD rate over loopback next to
/// curl doing the same HEADs in the same run (the floor a fetcher can hope for).
enum FetchBench {
  static func run(count: Int = 5000) async throws {
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

    // Warm cache replay.
    let pages = (0..<count).compactMap { URL(string: "https://bench.example/pages/\($0).html") }
    _ = try await fetcher("warm", jobs: 8).getAll(pages)
    let warm = fetcher("warm", jobs: 8)
    var t = Date()
    for u in pages { _ = try await warm.get(u) }
    let warmSeconds = Date().timeIntervalSince(t)
    precondition(warm.counters[.hit] == count, "warm replay made requests")

    // Every body read is checked against its SHA-256 (a body changed on disk is never served):
    // the hashing alone, over the same bodies, as a share of the replay's time.
    let shaShare = try shareOfHashing(dir.appendingPathComponent("warm"), of: warmSeconds)
    let listings = (0..<count / 5).compactMap { URL(string: "https://bench.example/listings/\($0).html") }
    _ = try await fetcher("listings", jobs: 8).getAll(listings)
    let heavy = fetcher("listings", jobs: 8)
    t = Date()
    for u in listings { _ = try await heavy.get(u) }
    let heavySeconds = Date().timeIntervalSince(t)
    let heavyShare = try shareOfHashing(dir.appendingPathComponent("listings"), of: heavySeconds)

    // HEADs over loopback, 8 in flight.
    let files = paths.compactMap { URL(string: "https://\($0)") }
    let heads = fetcher("heads", jobs: 8)
    t = Date()
    _ = try await heads.headAll(files)
    let headSeconds = Date().timeIntervalSince(t)

    // The transport alone (no cache, no gate), to show where the time goes.
    let transportSeconds = try await transportAlone(CurlTransport.shared, paths, server.baseURL)
    let urlSessionSeconds = try await transportAlone(
      URLSessionTransport(maxConnectionsPerHost: 8), paths, server.baseURL)

    // curl doing the same HEADs.
    let config = dir.appendingPathComponent("curl.cfg")
    let lines = paths.map { "url = \"\(server.baseURL)/\($0)\"\noutput = \"/dev/null\"" }.joined(separator: "\n")
    try Data(lines.utf8).write(to: config)
    var curlSeconds: Double? = nil
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") {
      curlSeconds =
        try ChildProcess.run(
          URL(fileURLWithPath: "/usr/bin/curl"),
          ["--parallel", "--parallel-max", "8", "-s", "-I", "--config", config.path], stdout: .discard
        ).seconds
    }
    server.stop()

    let warmRate = Double(count) / warmSeconds
    let headRate = Double(count) / headSeconds
    print("fetch benchmark (\(count) URLs, loopback)")
    print(row("warm cache replay (GET)", warmRate, "entries/s", goal: "goal ≥ 20,000/s"))
    print(String(format: "  SHA-256 check of every body: %.1f%% of the replay's time", shaShare * 100))
    print(row("warm cache replay (GET, 30 KB pages)", Double(listings.count) / heavySeconds, "entries/s", goal: ""))
    print(String(format: "  SHA-256 check of every body: %.1f%% of the replay's time", heavyShare * 100))
    print(row("HEADs, 8 in flight (Shelfmark)", headRate, "requests/s", goal: ""))
    print(row("HEADs, 8 in flight (libcurl transport alone)", Double(count) / transportSeconds, "requests/s", goal: ""))
    print(row("HEADs, 8 in flight (URLSession alone)", Double(count) / urlSessionSeconds, "requests/s", goal: ""))
    if let c = curlSeconds {
      let curlRate = Double(count) / c
      print(row("HEADs, 8 in flight (curl --parallel)", curlRate, "requests/s", goal: ""))
      print(String(format: "  ratio curl / Shelfmark: %.2fx (goal ≤ 2x)", curlRate / headRate))
    } else {
      print("  curl not found at /usr/bin/curl: no comparison")
    }
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
