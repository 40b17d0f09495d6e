import ShelfmarkSamples
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

/// Counts what a measurement asks of a model archive, and can refuse some answers first.
final class ModelAnswerer: @unchecked Sendable {
  let folder: PopBoksTileArchiveModel.Folder
  private let lock = NSLock()
  private var refusals: [PopBoksGridProbe: [Int]]
  private(set) var requests = 0
  private(set) var asked: [PopBoksGridProbe] = []

  init(_ folder: PopBoksTileArchiveModel.Folder, refusals: [PopBoksGridProbe: [Int]] = [:]) {
    self.folder = folder
    self.refusals = refusals
  }

  func ask(_ probes: [PopBoksGridProbe]) -> [PopBoksGridProbe: PopBoksProbeAnswer] {
    lock.lock()
    defer { lock.unlock() }
    var out: [PopBoksGridProbe: PopBoksProbeAnswer] = [:]
    for p in probes {
      requests += 1
      asked.append(p)
      if var queue = refusals[p], !queue.isEmpty {
        out[p] = PopBoksProbeAnswer(status: queue.removeFirst())
        refusals[p] = queue
      } else {
        out[p] = folder.isPresent(p) ? .present : .missing
      }
    }
    return out
  }

  func measure(expected: PopBoksTileGrid = .viewer) async throws -> PopBoksGridResult {
    let entry = PopBoksIndexEntry(
      id: folder.id, number: 1, title: "t", label: "1", year: 1980, firstPage: folder.firstPage,
      pages: folder.pages, line: 1)
    return try await PopBoksGridSurvey.measure(PopBoksGridMeasurement(entry: entry, expected: expected)) { [self] in
      ask($0)
    }
  }

  /// What the reference's 121 probes would have measured on the same folder.
  var referenceGrid: PopBoksTileGrid {
    let pages = Array(
      Set([folder.firstPage, folder.firstPage + folder.pages / 2, folder.firstPage + folder.pages - 1]))
    return PopBoksReferenceGridMeasurement.grid(pages: pages, alive: folder.isPresent)
  }
}

final class PopBoksGridMeasurementTests: XCTestCase {
  func testAFiveBySevenIssueMatchingItsExpectationCostsTwentyFourProbesInOneRound() async throws {
    let a = ModelAnswerer(.init(id: 1, pages: 52, grid: PopBoksTileGrid(columns: 5, rows: 7)))
    let r = try await a.measure()
    XCTAssertEqual(r.grid, PopBoksTileGrid(columns: 5, rows: 7))
    XCTAssertTrue(r.coverPresent)
    XCTAssertEqual(a.requests, 24, "cover + 11 tiles seen whole + 12 edges seen missing")
    XCTAssertEqual(r.evidence.rounds, 1)
  }

  func testAFiveByEightIssueIsFoundWhenFiveBySevenWasExpected() async throws {
    let a = ModelAnswerer(.init(id: 1, pages: 68, grid: PopBoksTileGrid(columns: 5, rows: 8)))
    let r = try await a.measure(expected: .viewer)
    XCTAssertEqual(r.grid, PopBoksTileGrid(columns: 5, rows: 8))
    XCTAssertEqual(r.grid, a.referenceGrid)
    XCTAssertEqual(a.requests, 30, "24, the first line one further, the five other lines one further")
  }

  func testAFiveBySevenIssueIsFoundWhenFiveByEightWasExpected() async throws {
    let a = ModelAnswerer(.init(id: 1, pages: 68, grid: PopBoksTileGrid(columns: 5, rows: 7)))
    let r = try await a.measure(expected: PopBoksTileGrid(columns: 5, rows: 8))
    XCTAssertEqual(r.grid, PopBoksTileGrid(columns: 5, rows: 7))
    XCTAssertEqual(a.requests, 30)
  }

  func testAHoleInOneLineDoesNotShrinkTheGrid() async throws {
    let holes: Set<PopBoksGridProbe> = [.tile(page: 1, column: 2, row: 0), .tile(page: 1, column: 0, row: 3)]
    let a = ModelAnswerer(.init(id: 1, pages: 52, holes: holes))
    let r = try await a.measure()
    XCTAssertEqual(r.grid, PopBoksTileGrid(columns: 5, rows: 7))
    XCTAssertEqual(a.referenceGrid, r.grid)
    XCTAssertEqual(r.evidence.columns.run, PopBoksGridMeasurement.Line(page: 1, line: 1))
    XCTAssertEqual(r.evidence.rows.run, PopBoksGridMeasurement.Line(page: 1, line: 1))
    XCTAssertEqual(r.evidence.columns.stops.first?.missingAt, 2)
    XCTAssertEqual(a.requests, 33, "24, one refuting probe and the rest of the second line per axis")
  }

  func testAHoleAtTheFirstTileIsNotTakenAsAnEmptyPage() async throws {
    let a = ModelAnswerer(.init(id: 1, pages: 52, holes: [.tile(page: 1, column: 0, row: 0)]))
    let r = try await a.measure()
    XCTAssertEqual(r.grid, PopBoksTileGrid(columns: 5, rows: 7))
  }

  func testHolesOnBothLinesOfOnePageAreOutvotedByTheOtherPages() async throws {
    let holes: Set<PopBoksGridProbe> = [
      .tile(page: 1, column: 1, row: 0), .tile(page: 1, column: 3, row: 1),
      .tile(page: 1, column: 0, row: 5), .tile(page: 1, column: 1, row: 2),
    ]
    let a = ModelAnswerer(.init(id: 1, pages: 52, holes: holes))
    let r = try await a.measure()
    XCTAssertEqual(r.grid, PopBoksTileGrid(columns: 5, rows: 7))
    XCTAssertEqual(r.grid, a.referenceGrid)
  }

  func testATallerMiddlePageMakesTheIssueTaller() async throws {
    let a = ModelAnswerer(.init(id: 1, pages: 52, pageGrids: [27: PopBoksTileGrid(columns: 5, rows: 9)]))
    let r = try await a.measure()
    XCTAssertEqual(r.grid, PopBoksTileGrid(columns: 5, rows: 9))
    XCTAssertEqual(r.evidence.rows.run?.page, 27)
  }

  func testAWiderLastPageMakesTheIssueWider() async throws {
    let a = ModelAnswerer(.init(id: 1, pages: 40, pageGrids: [40: PopBoksTileGrid(columns: 6, rows: 7)]))
    let r = try await a.measure()
    XCTAssertEqual(r.grid, PopBoksTileGrid(columns: 6, rows: 7))
  }

  func testAPageTallerThanTheProbeLimitStopsAtTheLimit() async throws {
    let a = ModelAnswerer(.init(id: 1, pages: 20, grid: PopBoksTileGrid(columns: 5, rows: 14)))
    let r = try await a.measure()
    XCTAssertEqual(r.grid, PopBoksTileGrid(columns: 5, rows: 12))
    XCTAssertEqual(r.grid, a.referenceGrid)
    XCTAssertNil(r.evidence.rows.stops.first?.missingAt)
    XCTAssertFalse(a.asked.contains(.tile(page: 1, column: 0, row: 12)), "nothing past the limit is asked")
  }

  func testAMissingCoverIsReportedAndTheGridStillMeasured() async throws {
    let a = ModelAnswerer(.init(id: 1, pages: 52, hasCover: false))
    let r = try await a.measure()
    XCTAssertFalse(r.coverPresent)
    XCTAssertEqual(r.grid, PopBoksTileGrid(columns: 5, rows: 7))
    XCTAssertEqual(a.requests, 24)
  }

  func testAnIssueWithNoTilesMeasuresZeroByZeroCheaply() async throws {
    let a = ModelAnswerer(.init(id: 1, pages: 52, hasCover: false, hasTiles: false))
    let r = try await a.measure()
    XCTAssertEqual(r.grid, PopBoksTileGrid(columns: 0, rows: 0))
    XCTAssertEqual(r.grid, a.referenceGrid)
    XCTAssertEqual(a.requests, 30, "the speculative round, then each line is seen to stop at index 0")
  }

  func testA429InTheMiddleIsAskedAgainNotTakenAsMissing() async throws {
    let a = ModelAnswerer(
      .init(id: 1, pages: 52),
      refusals: [.tile(page: 1, column: 3, row: 0): [429], .tile(page: 27, column: 5, row: 1): [503, 429]])
    let r = try await a.measure()
    XCTAssertEqual(r.grid, PopBoksTileGrid(columns: 5, rows: 7))
    XCTAssertEqual(a.requests, 27, "24 plus three repeats")
    XCTAssertEqual(r.evidence.asked, 27)
  }

  func testAProbeThatNeverGetsAnAnswerFailsTheMeasurementNamingIt() async throws {
    let probe = PopBoksGridProbe.tile(page: 1, column: 1, row: 0)
    let a = ModelAnswerer(.init(id: 1, pages: 52), refusals: [probe: [503, 503, 503, 503, 503]])
    do {
      _ = try await a.measure()
      XCTFail("expected a failure")
    } catch let e as PopBoksGridSurveyError {
      XCTAssertEqual(e, .noAnswer(probe: probe, status: 503, rounds: 4))
    }
  }

  func testAOnePageIssueMeasuresItsOnlyPage() async throws {
    let a = ModelAnswerer(.init(id: 1, firstPage: 3, pages: 1))
    let r = try await a.measure()
    XCTAssertEqual(r.grid, .viewer)
    XCTAssertEqual(r.evidence.pages, [3])
    XCTAssertEqual(a.requests, 1 + 11 + 4, "cover, one run per axis, two edges per axis")
  }

  func testTheEvidenceListsEveryAnsweredTile() async throws {
    let a = ModelAnswerer(.init(id: 1, pages: 52))
    let r = try await a.measure()
    XCTAssertEqual(r.evidence.tiles.count, 23)
    XCTAssertEqual(r.evidence.tiles.filter(\.present).count, 11)
    XCTAssertEqual(r.evidence.columns.stops.map(\.missingAt), [5, 5, 5, 5, 5, 5])
    XCTAssertEqual(r.evidence.rows.stops.map(\.missingAt), [7, 7, 7, 7, 7, 7])
  }

  /// Any archive and any expectation: the answer is the reference's, and never costs more than it.
  func testTheAnswerIsTheReferencesWhateverTheExpectation() async throws {
    var rng = SplitMix(seed: 42)
    for n in 0..<400 {
      let pages = 1 + rng.below(90)
      let first = 1 + rng.below(3)
      var folder = PopBoksTileArchiveModel.Folder(
        id: n, firstPage: first, pages: pages,
        grid: PopBoksTileGrid(columns: 1 + rng.below(9), rows: 1 + rng.below(14)), hasCover: rng.below(10) > 0,
        hasTiles: rng.below(30) > 0)
      let sampled = [first, first + pages / 2, first + pages - 1]
      for _ in 0..<rng.below(6) {
        let p = sampled[rng.below(3)]
        folder.holes.insert(.tile(page: p, column: rng.below(9), row: rng.below(13)))
      }
      if rng.below(4) == 0 {
        folder.pageGrids[sampled[rng.below(3)]] = PopBoksTileGrid(columns: 1 + rng.below(9), rows: 1 + rng.below(14))
      }
      let a = ModelAnswerer(folder)
      let expected = PopBoksTileGrid(columns: 1 + rng.below(8), rows: 1 + rng.below(12))
      let r = try await a.measure(expected: expected)
      XCTAssertEqual(r.grid, a.referenceGrid, "folder \(n): \(folder), expected \(expected)")
      XCTAssertEqual(r.coverPresent, folder.hasCover)
      XCTAssertEqual(Set(a.asked).count, a.asked.count, "no probe is asked twice")
    }
  }

  func testTheReferenceAsksOneHundredTwentyOneProbes() {
    let e = PopBoksIndexEntry(id: 1, number: 1, title: "t", label: "1", year: 1980, firstPage: 1, pages: 52, line: 1)
    XCTAssertEqual(PopBoksReferenceGridMeasurement.probes(entry: e).count, 121)
    XCTAssertEqual(Set(PopBoksReferenceGridMeasurement.probes(entry: e)).count, 109)
  }
}

final class PopBoksGridSurveyTests: XCTestCase {
  func testEveryGridOfAGeneratedArchiveIsMeasuredRightForAQuarterOfTheReferencesRequests() async throws {
    for magazine in PopBoksMagazine.allCases {
      let index = try PopBoksIndex.parse(try TestPaths.corpus("popboks/\(magazine.scriptFileName)"), magazine: magazine)
      let model = PopBoksTileArchiveModel.generated(magazine: magazine, entries: index.entries, seed: 7)
      let counter = RequestCounter()
      let results = try await PopBoksGridSurvey.measureAll(index.entries) { entry, probes in
        counter.add(probes.count)
        return Dictionary(uniqueKeysWithValues: probes.map { ($0, model.answer(issue: entry.id, $0)) })
      }
      for e in index.entries {
        let folder = try XCTUnwrap(model.folders[e.id])
        let reference = PopBoksReferenceGridMeasurement.grid(pages: e.sampledPages, alive: folder.isPresent)
        XCTAssertEqual(results[e.id]?.grid, folder.generatedGrid, "\(magazine) \(e.id)")
        XCTAssertEqual(results[e.id]?.grid, reference, "\(magazine) \(e.id)")
      }
      let referenceRequests = 121 * index.entries.count
      XCTAssertLessThanOrEqual(counter.total * 4, referenceRequests, "\(magazine): \(counter.total) requests")
      print(
        "\(magazine): \(counter.total) requests for \(index.entries.count) issues; the reference asks \(referenceRequests)"
      )
    }
  }

  func testThePreviousCatalogueIsTheFirstExpectation() async throws {
    let entries = (1...3).map {
      PopBoksIndexEntry(id: $0, number: $0, title: "t", label: "\($0)", year: 1980, firstPage: 1, pages: 40, line: 1)
    }
    let model = PopBoksTileArchiveModel(
      magazine: .dzuboks,
      folders: entries.map { .init(id: $0.id, pages: 40, grid: PopBoksTileGrid(columns: 5, rows: $0.id == 2 ? 9 : 7)) })
    let counter = RequestCounter()
    let results = try await PopBoksGridSurvey.measureAll(entries, previous: [2: PopBoksTileGrid(columns: 5, rows: 9)]) {
      entry, probes in
      counter.add(probes.count)
      return Dictionary(uniqueKeysWithValues: probes.map { ($0, model.answer(issue: entry.id, $0)) })
    }
    XCTAssertEqual(results[2]?.grid, PopBoksTileGrid(columns: 5, rows: 9))
    XCTAssertEqual(results[2]?.evidence.rounds, 1)
    XCTAssertEqual(results[3]?.evidence.expected, PopBoksTileGrid(columns: 5, rows: 9), "then the issue before")
    XCTAssertEqual(counter.total, 24 + 26 + 31)
  }
}

final class RequestCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var n = 0
  func add(_ k: Int) {
    lock.lock()
    n += k
    lock.unlock()
  }
  var total: Int {
    lock.lock()
    defer { lock.unlock() }
    return n
  }
  /// What lineage names for each axis: on the line that proved the value, the last tile there and
  /// the first one missing; only the missing one when no line has tile 0, only the last one there
  /// when the line runs to the limit.
  func testEachAxisTurnsOnTheLastTileThereAndTheFirstOneMissingOnTheLineThatProvedIt() async throws {
    let plain = try await ModelAnswerer(.init(id: 1, pages: 52, grid: PopBoksTileGrid(columns: 5, rows: 7))).measure()
    XCTAssertEqual(plain.edge(.columns), [.tile(page: 1, column: 4, row: 0), .tile(page: 1, column: 5, row: 0)])
    XCTAssertEqual(plain.edge(.rows), [.tile(page: 1, column: 0, row: 6), .tile(page: 1, column: 0, row: 7)])

    let holed = try await ModelAnswerer(.init(id: 1, pages: 52, holes: [.tile(page: 1, column: 2, row: 0)])).measure()
    XCTAssertEqual(holed.edge(.columns), [.tile(page: 1, column: 4, row: 1), .tile(page: 1, column: 5, row: 1)])

    let tall = try await ModelAnswerer(.init(id: 1, pages: 20, grid: PopBoksTileGrid(columns: 5, rows: 14))).measure()
    XCTAssertEqual(tall.edge(.rows), [.tile(page: 1, column: 0, row: 12)], "nothing is missing up to the limit")

    let empty = try await ModelAnswerer(.init(id: 1, pages: 3, grid: PopBoksTileGrid(columns: 0, rows: 0))).measure()
    XCTAssertEqual(empty.grid, PopBoksTileGrid(columns: 0, rows: 0))
    XCTAssertEqual(empty.edge(.columns), [.tile(page: 1, column: 0, row: 0)])
  }
}
