import CatalogKit
import FuzzSupport

// One Atarimania title page: any bytes must parse or throw.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  _ = try? AtarimaniaTitlePage.parse(
    fuzzBytes(data, size), id: "antic_8_7", url: "https://www.atarimania.com/magazines/antic_8_7")
  return 0
}

runFuzzer(testOneInput)
