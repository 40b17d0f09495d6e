import CatalogKit
import FuzzSupport

// One Stripovi reader page: any bytes must parse or throw.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  _ = try? StripoviReaderPage.parse(fuzzBytes(data, size), url: "https://www.stripovi.com/comic/12/1")
  return 0
}

runFuzzer(testOneInput)
