import CatalogKit
import XCTest

final class MachineJSONTests: XCTestCase {
  struct Row: Encodable {
    var url = "https://example.org/a/b"
    var b = 2
    var a = 1
  }

  func testKeysAreSortedAndSlashesAreLeftAlone() throws {
    let line = String(decoding: try MachineJSON.encode(Row(), pretty: false), as: UTF8.self)
    XCTAssertEqual(line, #"{"a":1,"b":2,"url":"https://example.org/a/b"}"#)
  }

  func testTheSameValueAlwaysGivesTheSameBytes() throws {
    XCTAssertEqual(try MachineJSON.encode(Row()), try MachineJSON.encode(Row()))
    XCTAssertTrue(String(decoding: try MachineJSON.encode(Row()), as: UTF8.self).contains("\n  \"a\" : 1"))
  }
}
