import CatalogKit
import FuzzSupport

// Ritam's index script; the numbers it yields feed page arithmetic, so that is exercised too.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let index = try? PopBoksIndex.parse(fuzzBytes(data, size), magazine: .ritam) else { return 0 }
  for entry in index.entries { _ = entry.sampledPages }
  return 0
}

runFuzzer(testOneInput)
