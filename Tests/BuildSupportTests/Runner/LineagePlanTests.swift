import CatalogKit
import XCTest

@testable import BuildSupport

/// Every source declares a lineage plan, naming only fields a catalogue has.
final class LineagePlanTests: XCTestCase {
  func testEverySourceHasAPlanOverRealFieldNames() throws {
    let known = Set(CatalogueDiff.fieldNames)
    for source in Sources.all {
      let plan = try XCTUnwrap(source.tool.lineage, "\(source.id) declares no lineage plan")
      XCTAssertFalse(plan.kinds.isEmpty, source.id)
      for field in plan.kinds.flatMap(\.fields) + plan.declared + plan.carried {
        XCTAssertTrue(known.contains(field), "\(source.id): \(field) is no catalogue field")
      }
      for k in plan.kinds { XCTAssertTrue(["GET", "HEAD"].contains(k.method), "\(source.id) \(k.name)") }
    }
  }
}
