/// Where a WARC reader gets its bytes: a positional read, so a reader can start at any record's
/// offset (a revisit's original, a mirrored page asked for later) without holding the file. The
/// file behind it is BuildSupport's (`WARCFile`); `WARCBytes` serves tests and the fuzz target.
public protocol WARCSource: Sendable {
  /// Up to `count` bytes from `offset` (fewer only at the end of the file; none past it).
  func read(at offset: Int, count: Int) throws -> [UInt8]
}

/// A WARC already in memory.
public struct WARCBytes: WARCSource {
  public let bytes: [UInt8]

  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  public func read(at offset: Int, count: Int) -> [UInt8] {
    guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
    let (end, overflow) = offset.addingReportingOverflow(count)
    return Array(bytes[offset..<(overflow ? bytes.count : min(end, bytes.count))])
  }
}

/// Where a record starts: the file offset of its gzip member (of the record itself in a plain
/// file) and how many inflated bytes into that member it begins (0 with one member per record).
public struct WARCLocation: Sendable, Hashable {
  public var offset: Int
  public var skip: Int

  public init(offset: Int, skip: Int = 0) {
    self.offset = offset
    self.skip = skip
  }
}
