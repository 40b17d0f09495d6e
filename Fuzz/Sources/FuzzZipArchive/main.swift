import CatalogKit
import FuzzSupport

// The zip reader: the central directory, then every entry inflated as the Spectrum build does.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  guard let zip = try? ZipArchive(bytes: bytes, name: "fuzz.zip") else { return 0 }
  for entry in zip.entries {
    try? zip.inflate(entry, in: bytes, chunkSize: 4096) { _ in }
  }
  return 0
}

runFuzzer(testOneInput)
