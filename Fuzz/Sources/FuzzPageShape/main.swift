import CatalogKit
import FuzzSupport

// Every declared page shape, the JSON shape and the size rule: any bytes give a verdict, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  for shape in [
    RetroSpecIndexPage.shape, RetroSpecMagshow.shape, VintageAppleSectionPage.shape, StripoviReaderPage.shape,
    BombJackPage.shape, PopBoksIndexScript.shape,
  ] {
    _ = shape.refusal(bytes)?.description
  }
  _ = AtarimaniaTitlePage.refusal(bytes)
  _ = AtarimaniaIndex.refusal(bytes)
  _ = PageShape.jsonObject("fuzz").refusal(bytes)?.description
  let parts = fuzzParts(bytes, 2)
  let length = Int64(parts[0].count) - 8
  _ = SizeRule.files.refusal(contentType: String(decoding: parts[1], as: UTF8.self), length: length)
  return 0
}

runFuzzer(testOneInput)
