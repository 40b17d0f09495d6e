import CatalogKit
import Foundation
import FuzzSupport

// An archive.org metadata API answer, and what the build reads from the item it yields.
let url = URL(string: "https://archive.org/metadata/fuzz")

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let url, let lookup = try? ArchiveLookup.decode(fuzzBytes(data, size), url: url),
    let item = lookup.item
  else { return 0 }
  _ = item.metadata.title
  _ = item.metadata.date
  _ = item.metadata.mediatype
  _ = item.metadata.subjects
  _ = lookup.retryIdentifier(for: item.metadata.identifier)
  return 0
}

runFuzzer(testOneInput)
