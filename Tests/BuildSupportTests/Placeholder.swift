import XCTest
final class BuildSupportPlaceholderTests: XCTestCase { func testNothing() {} }
