import CatalogKit
import FuzzSupport

// The catalogue reader, for each shape and with the shape detected; a catalogue that decodes is
// validated and encoded again, as `catalog validate` and the previous-catalogue check do. A
// catalogue of the shared shape is also written by Foundation's encoder: our writer must give the
// same bytes (a difference is a crash, so the fuzzer keeps the input).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  var decoded: [AnyCatalogue] = []
  if let c = try? CatalogueFile.decode(bytes, file: "fuzz.json") { decoded.append(c) }
  for shape in CatalogueShape.allCases {
    if let c = try? CatalogueFile.decode(bytes, file: "fuzz.json", as: shape) { decoded.append(c) }
  }
  for c in decoded {
    _ = c.validate()
    _ = c.recordCount
    _ = try? c.encoded()
    if case .issue(let issues) = c, let ours = try? CatalogueEncoder.encode(issues),
      let theirs = try? CatalogueEncoder.foundation(issues), ours != theirs
    {
      fatalError("the shared shape's writer and Foundation's encoder disagree")
    }
  }
  return 0
}

runFuzzer(testOneInput)
