import CatalogKit
import Foundation
import Synchronization
import XCTest

@testable import BuildSupport

/// The first stage alone: the allow-list and robots.txt, with a loader standing in for the network.
final class AccessGateTests: XCTestCase {
  func gate(_ edit: (inout FetcherConfiguration) -> Void = { _ in }) -> AccessGate {
    var c = FetcherConfiguration(
      cacheRoot: URL(fileURLWithPath: "/nonexistent"), allowedHosts: ["example.org", ".archive.org"])
    edit(&c)
    return AccessGate(configuration: c, counters: Counters())
  }

  /// A loader that answers these rules and counts how often it was asked.
  func loader(_ robots: String, unavailable: String? = nil, calls: Calls) -> AccessGate.RobotsLoader {
    { _, _ in
      calls.add()
      return RobotsOutcome(rules: RobotsPolicy.parse(robots, agent: "shelfmark"), unavailableReason: unavailable)
    }
  }

  func testAHostTheSourceDidNotDeclareIsRefusedBeforeRobotsAreAsked() async throws {
    let calls = Calls()
    let g = gate()
    do {
      _ = try await g.admit(URL(string: "https://other.org/x")!, loadRobots: loader("", calls: calls))
      XCTFail("an undeclared host was let through")
    } catch FetchError.hostNotAllowed {}
    XCTAssertEqual(calls.count, 0)
    XCTAssertEqual(g.counters[.failed], 1)
    let host = try await g.admit(URL(string: "https://IA800.us.Archive.org/x")!, loadRobots: loader("", calls: calls))
    XCTAssertEqual(host, "ia800.us.archive.org", "a .domain entry admits the hosts below it")
  }

  func testRobotsRulesDecideThePathAndQueryAndAreLoadedOncePerHost() async throws {
    let calls = Calls()
    let g = gate()
    let load = loader("User-agent: *\nDisallow: /private\nDisallow: /*?print=1", calls: calls)
    _ = try await g.admit(URL(string: "https://example.org/public/a.html")!, loadRobots: load)
    for bad in ["https://example.org/private/a.html", "https://example.org/page?print=1"] {
      do {
        _ = try await g.admit(URL(string: bad)!, loadRobots: load)
        XCTFail("\(bad) was let through")
      } catch FetchError.disallowedByRobots(let u) {
        XCTAssertEqual(u.absoluteString, bad)
      }
    }
    await withTaskGroup(of: Void.self) { group in
      for i in 0..<8 {
        group.addTask { _ = try? await g.admit(URL(string: "https://example.org/p\(i)")!, loadRobots: load) }
      }
    }
    XCTAssertEqual(calls.count, 1)
  }

  func testUnavailableRobotsStopEverythingAndSayWhy() async throws {
    let calls = Calls()
    let g = gate()
    do {
      _ = try await g.admit(
        URL(string: "https://example.org/a")!, loadRobots: loader("", unavailable: "HTTP 503", calls: calls))
      XCTFail("fetched although robots.txt could not be read")
    } catch FetchError.robotsUnavailable(_, let reason) {
      XCTAssertEqual(reason, "HTTP 503")
    }
  }

  func testRobotsAreNotAskedForRobotsTxtOffTheNetworkOrWhenIgnored() async throws {
    let calls = Calls()
    let load = loader("User-agent: *\nDisallow: /", calls: calls)
    _ = try await gate().admit(URL(string: "https://example.org/robots.txt")!, loadRobots: load)
    _ = try await gate { $0.noNetwork = true }.admit(URL(string: "https://example.org/a")!, loadRobots: load)
    _ = try await gate { $0.respectRobots = false }.admit(URL(string: "https://example.org/a")!, loadRobots: load)
    XCTAssertEqual(calls.count, 0)
  }
}

/// How often a loader was called, from any task.
final class Calls: Sendable {
  private let n = Mutex(0)
  func add() { n.withLock { $0 += 1 } }
  var count: Int { n.withLock { $0 } }
}
