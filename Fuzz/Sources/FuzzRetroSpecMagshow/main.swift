import CatalogKit
import FuzzSupport

// A RetroSpec `magshow.php?all=<id>` page: any bytes must parse or give nil.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  _ = RetroSpecMagshow.parse(fuzzBytes(data, size))
  return 0
}

runFuzzer(testOneInput)
