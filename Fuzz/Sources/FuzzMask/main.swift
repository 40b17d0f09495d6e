import CatalogKit
import FuzzSupport

// A ZXDB archive mask and the issue fields it expands against: the input holds the mask, then the
// numbers (number, volume, year, month, day) and two strings, separated by NUL bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let parts = fuzzParts(fuzzBytes(data, size), 8).map { String(decoding: $0, as: UTF8.self) }
  let mask = SpectrumMask(parts[0])
  _ = mask.tokens
  let fields = SpectrumMaskFields(
    number: Int(parts[1]), volume: Int(parts[2]), year: Int(parts[3]), month: Int(parts[4]), day: Int(parts[5]),
    special: parts[6].isEmpty ? nil : parts[6], supplement: parts[7].isEmpty ? nil : parts[7])
  _ = try? mask.expand(fields)
  return 0
}

runFuzzer(testOneInput)
