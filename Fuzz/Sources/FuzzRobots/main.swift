import CatalogKit
import FuzzSupport

// robots.txt: the first line of the input is a path to ask about, the rest is the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let parts = fuzzParts(fuzzBytes(data, size), 2)
  let policy = RobotsPolicy.parse(String(decoding: parts[1], as: UTF8.self), agent: "Shelfmark")
  _ = policy.allows(String(decoding: parts[0], as: UTF8.self))
  _ = policy.allows("/magazines/index.htm")
  return 0
}

runFuzzer(testOneInput)
