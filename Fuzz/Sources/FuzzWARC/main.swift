import CatalogKit
import FuzzSupport

// A WARC file (plain or gzip), as `catalog cache import` reads one: the records, then the answers
// they hold for a cache, with a body cap as the import uses.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  _ = try? WARCReader.records(bytes, blockCap: 1 << 20)
  _ = try? WARCAnswerReader.read(bytes, bodyCap: 1 << 20)
  return 0
}

runFuzzer(testOneInput)
