import BuildSupport
import CatalogKit
import Foundation
import FuzzSupport

// What a build reads back from its own cache folder, which anything may have cut or edited: a
// cache record (a record file or a HEAD-log line, read on its bytes or through JSONSerialization),
// a parse-cache entry (its header, and BombJack's and Vintage Apple's payloads) and the lineage and
// yields files. Any bytes must read as a value or as nothing.
let page = URL(string: "https://commodore.bombjack.org/commodore/magazines/index.htm") ?? URL(fileURLWithPath: "/")
let key = BombJackPage.parseKey(url: page, bodySHA256: String(repeating: "0", count: 64))

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  _ = CacheRecord.read(bytes)
  _ = ParseEntry.soundParser(bytes, key: key)
  _ = ParseEntry.payload(bytes, parser: BombJackPage.parserName, version: BombJackPage.parserVersion, key: key)
  _ = BombJackPage.decodedParse(bytes, url: page)
  _ = VintageAppleSectionParse.decodedParse(bytes, url: page)
  _ = try? LineageFile.decode(bytes)
  _ = LineageYields.decode(bytes)
  return 0
}

runFuzzer(testOneInput)
