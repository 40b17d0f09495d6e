import CatalogKit
import XCTest

final class RevisitScheduleTests: XCTestCase {
  private let details = RevisitSchedule.details

  func testAnUnchangedAnswerDoublesTheWaitAndAChangedOneGoesBackToMaxAge() {
    XCTAssertEqual(details.next(after: 30, unchanged: true, maxAgeDays: 30), 60)
    XCTAssertEqual(details.next(after: 60, unchanged: true, maxAgeDays: 30), 120)
    XCTAssertEqual(details.next(after: 120, unchanged: false, maxAgeDays: 30), 30)
    XCTAssertEqual(details.next(after: 5, unchanged: true, maxAgeDays: 30), 30, "never below --max-age")
  }

  func testNoWaitEverPassesTheHorizon() {
    var wait = details.firstInterval(maxAgeDays: 30, spread: 0)
    for _ in 0..<64 {
      wait = details.next(after: wait, unchanged: true, maxAgeDays: 30)
      XCTAssertLessThanOrEqual(wait, details.horizonDays)
    }
    XCTAssertEqual(wait, 182)
    XCTAssertEqual(details.next(after: Int.max, unchanged: true, maxAgeDays: 30), 182, "no overflow")
    XCTAssertEqual(details.next(after: 10, unchanged: true, maxAgeDays: 400), 400, "a longer --max-age is the user's")
  }

  func testTheFirstWaitSpreadsFromMaxAgeOrTheEarliestFirstCheckToTheHorizon() {
    XCTAssertEqual(details.firstInterval(maxAgeDays: 30, spread: 0), 30)
    XCTAssertEqual(details.firstInterval(maxAgeDays: 30, spread: 0.999_999), 181)
    XCTAssertEqual(details.firstInterval(maxAgeDays: 30, spread: .nan), 30)
    let files = RevisitSchedule.immutableFiles
    XCTAssertEqual(files.firstInterval(maxAgeDays: 30, spread: 0), 182)
    XCTAssertEqual(files.firstInterval(maxAgeDays: 30, spread: 0.5), 273)
    XCTAssertEqual(files.firstInterval(maxAgeDays: 0, spread: 0), 182)
  }

  func testTheSpreadIsEvenAndFixedByItsText() {
    let values = (0..<10_000).map { RevisitSchedule.spread("s.example/detail/\($0)") }
    XCTAssertTrue(values.allSatisfy { $0 >= 0 && $0 < 1 })
    for tenth in 0..<10 {
      let n = values.filter { Int($0 * 10) == tenth }.count
      XCTAssertTrue((800...1_200).contains(n), "tenth \(tenth): \(n)")
    }
    XCTAssertEqual(RevisitSchedule.spread("a"), RevisitSchedule.spread("a"))
  }

  func testPDFAndZipSizesAreImmutableLookingAndPagesAreNot() {
    let rules = FreshnessRules([])
    XCTAssertEqual(rules.schedule(kind: .size, target: "h.example/a/B.PDF"), .immutableFiles)
    XCTAssertEqual(rules.schedule(kind: .size, target: "h.example/a/b.zip?download=1"), .immutableFiles)
    XCTAssertEqual(rules.schedule(kind: .size, target: "h.example/a/zip.htm"), .details)
    XCTAssertEqual(rules.schedule(kind: .page, target: "h.example/a/b.zip"), .details)
    XCTAssertNil(rules.schedule(kind: .listing, target: "h.example/"))
    XCTAssertNil(rules.schedule(kind: .tile, target: "h.example/t.jpg"))
  }
}
