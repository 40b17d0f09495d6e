import CatalogKit
import FuzzSupport

// Atarimania's magazine index: any bytes must parse or throw.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  _ = try? AtarimaniaIndex.parse(fuzzBytes(data, size), url: "https://www.atarimania.com/magazines/")
  return 0
}

runFuzzer(testOneInput)
