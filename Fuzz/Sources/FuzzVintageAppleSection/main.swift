import CatalogKit
import FuzzSupport

// One Vintage Apple section page (a directory listing of scans): any bytes must parse or throw.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  _ = try? VintageAppleSectionPage.parse(
    fuzzBytes(data, size), url: "https://vintageapple.org/macworld/")
  return 0
}

runFuzzer(testOneInput)
