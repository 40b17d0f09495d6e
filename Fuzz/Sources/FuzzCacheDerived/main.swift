import BuildSupport
import CatalogKit
import Foundation
import FuzzSupport

// What a build reads back from its own cache folder, which anything may have cut or edited: a
// cache record (a record file or a HEAD-log line, read on its bytes or through JSONSerialization),
// a parse-cache entry (its header, and the payloads of BombJack's pages, Vintage Apple's sections,
// RetroSpec's magshow and index pages and Atarimania's title pages and index) and the lineage (xz,
// gzip or plain) and yields files. Any bytes must read as a value or as nothing.
let page = URL(string: "https://commodore.bombjack.org/commodore/magazines/index.htm") ?? URL(fileURLWithPath: "/")
// A title's id is read from its address, so the address is one a build asks for.
let title = AtarimaniaSite.titleURL("18") ?? page
// An index entry opens with the series table's stamp, which no mutation finds by chance: the
// input is also read as what follows it.
let stamped: [UInt8] = {
  var w = ParseWriter()
  w.string(RetroSpecIndexParse.seriesStamp)
  return w.bytes
}()
let key = BombJackPage.parseKey(url: page, bodySHA256: String(repeating: "0", count: 64))

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  _ = CacheRecord.read(bytes)
  _ = ParseEntry.soundParser(bytes, key: key)
  _ = ParseEntry.payload(bytes, parser: BombJackPage.parserName, version: BombJackPage.parserVersion, key: key)
  _ = BombJackPage.decodedParse(bytes, url: page)
  _ = VintageAppleSectionParse.decodedParse(bytes, url: page)
  _ = RetroSpecMagshowParse.decodedParse(bytes, url: page)
  _ = RetroSpecIndexParse.decodedParse(bytes, url: page)
  _ = RetroSpecIndexParse.decodedParse(stamped + bytes, url: page)
  _ = AtarimaniaTitleParse.decodedParse(bytes, url: title)
  _ = AtarimaniaIndexParse.decodedParse(bytes, url: page)
  _ = try? LineageFile.decode(bytes)
  _ = LineageYields.decode(bytes)
  return 0
}

runFuzzer(testOneInput)
