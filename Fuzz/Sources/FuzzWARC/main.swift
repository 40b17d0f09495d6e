import CatalogKit
import FuzzSupport

// A WARC file (plain or gzip), as `catalog cache import` reads one: the records, then the answers
// they hold for a cache, with a body cap as the import uses.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let records = try? WARCReader.records(fuzzBytes(data, size)) else { return 0 }
  _ = try? WARCAnswerReader.read(records, wants: { _ in true }, bodyCap: 1 << 20)
  return 0
}

runFuzzer(testOneInput)
