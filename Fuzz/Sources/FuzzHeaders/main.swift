import BuildSupport
import CatalogKit
import Foundation
import FuzzSupport

// Header values a server chooses: Retry-After, Content-Length (a HEAD's size and what a size probe
// makes of it), Content-Type's charset, the status, and a Location to normalise as a cache key. The
// input holds the values separated by NUL bytes.
let url = URL(string: "https://example.org/file.pdf")
let now = Date(timeIntervalSince1970: 1_764_547_200)

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let url else { return 0 }
  let parts = fuzzParts(fuzzBytes(data, size), 5).map { String(decoding: $0, as: UTF8.self) }
  let wait = RetryAfter.seconds(parts[0], now: now)
  _ = RetryAfter.phrase(wait)
  _ = RetryAfter.printable(parts[0])
  _ = FetchResponse.readSize(parts[1])
  let headers = ["content-length": parts[1], "content-type": parts[2]]
  for method in [HTTPMethod.get, .head] {
    let response = FetchResponse(
      url: url, method: method, status: Int(parts[3]) ?? 200, headers: headers, body: [], fromCache: false)
    _ = response.charset
    _ = response.contentLengthProblem
    _ = SizeProbe(answer: response.status, contentLength: response.contentLength)
  }
  if let location = URL(string: parts[4], relativeTo: url) { _ = CacheKey.normalise(location.absoluteURL) }
  return 0
}

runFuzzer(testOneInput)
