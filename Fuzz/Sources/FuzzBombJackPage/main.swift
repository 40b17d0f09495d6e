import CatalogKit
import Foundation
import FuzzSupport

// A BombJack page, read both as a listing (cells and links) and as the site root.
let listing = URL(string: "https://www.bombjack.org/commodore/magazines/zzap.htm")
let root = URL(string: "https://www.bombjack.org/index.htm")

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let listing, let root else { return 0 }
  let bytes = fuzzBytes(data, size)
  _ = BombJackPage.read(bytes, url: listing)
  _ = BombJackPage.read(bytes, url: root)
  return 0
}

runFuzzer(testOneInput)
