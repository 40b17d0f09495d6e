import CatalogKit
import Foundation

/// A WARC file on disk as a reader's source: positional reads (`pread`) on one descriptor, so any
/// number of readers (the import's, a revisit's look back, the mirror's per request) share it and
/// none holds more than the chunk it asked for.
public final class WARCFile: WARCSource {
  public let path: String
  private let fd: Int32

  public init(_ path: String) throws {
    self.path = path
    fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw IOFailure(path: path, operation: "open", errno: errno) }
  }

  deinit { close(fd) }

  public func read(at offset: Int, count: Int) throws -> [UInt8] {
    guard count > 0, offset >= 0 else { return [] }
    var out = [UInt8](repeating: 0, count: count)
    var got = 0
    while got < count {
      let n = out.withUnsafeMutableBytes { raw in
        pread(fd, raw.baseAddress.map { $0 + got }, count - got, off_t(offset + got))
      }
      if n < 0, errno == EINTR { continue }
      guard n >= 0 else { throw IOFailure(path: path, operation: "read", errno: errno) }
      if n == 0 { break }
      got += n
    }
    out.removeLast(count - got)
    return out
  }
}
