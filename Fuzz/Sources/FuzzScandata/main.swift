import CatalogKit
import Foundation
import FuzzSupport

// A BookReader scandata XML: any bytes give a page count, nil, or an error.
let url = URL(string: "https://archive.org/download/fuzz/fuzz_scandata.xml")

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let url else { return 0 }
  _ = try? ArchiveScandata.pageCount(fuzzBytes(data, size), url: url)
  return 0
}

runFuzzer(testOneInput)
