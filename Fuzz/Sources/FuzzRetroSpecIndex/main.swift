import CatalogKit
import Foundation
import FuzzSupport

// A RetroSpec index page (`mags.php?…`): any bytes a server sends must parse or throw.
let page = URL(string: "https://retrospec.sgn.net/game-links.php?links=mags")

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let page else { return 0 }
  _ = try? RetroSpecIndexPage.parse(fuzzBytes(data, size), url: page)
  return 0
}

runFuzzer(testOneInput)
