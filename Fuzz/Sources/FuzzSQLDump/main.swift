import CatalogKit
import FuzzSupport

// The ZXDB SQL dump reader, with the tables and columns the Spectrum build asks for, fed in small
// chunks so that every state can be cut at a chunk boundary.
let wanted = ZXDBSchema.tables

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  _ = try? SQLDumpParser.parse(bytes, dump: "fuzz.sql", wanted: wanted)
  let parser = SQLDumpParser(dump: "fuzz.sql", wanted: wanted)
  let chunk = max(1, Int(bytes.first ?? 7) % 17)
  bytes.withUnsafeBufferPointer { all in
    var p = 0
    do {
      while p < all.count {
        let q = min(all.count, p + chunk)
        try parser.feed(UnsafeBufferPointer(rebasing: all[p..<q])) { _, _ in }
        p = q
      }
      try parser.finish()
    } catch {}
  }
  return 0
}

runFuzzer(testOneInput)
