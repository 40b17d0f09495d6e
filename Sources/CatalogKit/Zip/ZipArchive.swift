/// The central directory of a zip archive held in memory, and streaming access to its entries.
///
/// Only what the ZXDB dump needs: stored or deflated entries, no zip64, no encryption. The entry's
/// data is inflated chunk by chunk, so the 142 MB of SQL inside the 27 MB zip is never held whole.
public struct ZipArchive: Sendable {
  public struct Entry: Sendable, Equatable {
    public var name: String
    public var method: Int
    public var crc32: UInt32
    public var compressedSize: Int
    public var uncompressedSize: Int
    /// Offset of the local header; the data follows it.
    public var localHeaderOffset: Int
  }

  /// A name for messages: the file or URL the archive came from.
  public let name: String
  public let entries: [Entry]

  /// The most bytes one entry may inflate to. ZXDB's dump inflates to about 142 MB from 27 MB; 1 GiB
  /// leaves it room to grow sevenfold, while a zip bomb's declared gigabytes are refused unread.
  public static let inflatedSizeLimit = 1 << 30
  /// Deflate cannot shrink data more than 1032 to 1, so a larger declared size is a lie.
  static let deflateRatioLimit = 1032

  private static let endSignature: UInt32 = 0x0605_4b50
  private static let centralSignature: UInt32 = 0x0201_4b50
  private static let localSignature: UInt32 = 0x0403_4b50

  init(name: String, entries: [Entry]) {
    self.name = name
    self.entries = entries
  }

  /// Reads the central directory. The bytes are not copied; pass the same bytes to `inflate`.
  public init(bytes: [UInt8], name: String) throws(ZipError) {
    self.name = name
    let n = bytes.count
    // The end record is 22 bytes plus a comment of at most 65535 bytes.
    var end = -1
    var p = n - 22
    let lowest = max(0, n - 22 - 65535)
    while p >= lowest {
      if ZipArchive.u32(bytes, p) == ZipArchive.endSignature {
        end = p
        break
      }
      p -= 1
    }
    guard end >= 0 else { throw .noEndRecord(archive: name, size: n) }
    let count = Int(ZipArchive.u16(bytes, end + 10))
    let directorySize = Int(ZipArchive.u32(bytes, end + 12))
    let directoryOffset = Int(ZipArchive.u32(bytes, end + 16))
    if count == 0xFFFF || directoryOffset == 0xFFFF_FFFF {
      throw .unsupported(archive: name, offset: end, what: "a zip64 archive")
    }
    if ZipArchive.u16(bytes, end + 4) != 0 || ZipArchive.u16(bytes, end + 6) != 0 {
      throw .unsupported(archive: name, offset: end, what: "a split archive")
    }
    guard directoryOffset + directorySize <= end else {
      throw .badHeader(archive: name, offset: end, what: "central directory runs past its end record")
    }
    var list: [Entry] = []
    var at = directoryOffset
    for _ in 0..<count {
      guard at + 46 <= end, ZipArchive.u32(bytes, at) == ZipArchive.centralSignature else {
        throw .badHeader(archive: name, offset: at, what: "expected a central directory entry")
      }
      let nameLength = Int(ZipArchive.u16(bytes, at + 28))
      let extraLength = Int(ZipArchive.u16(bytes, at + 30))
      let commentLength = Int(ZipArchive.u16(bytes, at + 32))
      guard at + 46 + nameLength <= end else {
        throw .badHeader(archive: name, offset: at, what: "central directory entry name runs past the directory")
      }
      let entryName = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
      let entry = Entry(
        name: entryName, method: Int(ZipArchive.u16(bytes, at + 10)), crc32: ZipArchive.u32(bytes, at + 16),
        compressedSize: Int(ZipArchive.u32(bytes, at + 20)), uncompressedSize: Int(ZipArchive.u32(bytes, at + 24)),
        localHeaderOffset: Int(ZipArchive.u32(bytes, at + 42)))
      if entry.compressedSize == 0xFFFF_FFFF || entry.uncompressedSize == 0xFFFF_FFFF
        || entry.localHeaderOffset == 0xFFFF_FFFF
      {
        throw .unsupported(archive: name, offset: at, what: "a zip64 entry (\(entryName))")
      }
      if ZipArchive.u16(bytes, at + 8) & 1 != 0 {
        throw .unsupported(archive: name, offset: at, what: "an encrypted entry (\(entryName))")
      }
      list.append(entry)
      at += 46 + nameLength + extraLength + commentLength
    }
    self.entries = list
  }

  /// The first entry whose name ends with `suffix` (the dump zip holds one `.sql` file).
  public func firstEntry(endingWith suffix: String) throws(ZipError) -> Entry {
    guard let e = entries.first(where: { $0.name.hasSuffix(suffix) }) else {
      throw .noEntry(archive: name, wanted: "ending in \(suffix)")
    }
    return e
  }

  /// The byte range of an entry's compressed data, checked against the local header.
  public func dataRange(of entry: Entry, in bytes: [UInt8]) throws(ZipError) -> Range<Int> {
    let at = entry.localHeaderOffset
    guard at + 30 <= bytes.count, ZipArchive.u32(bytes, at) == ZipArchive.localSignature else {
      throw .badHeader(archive: name, offset: at, what: "expected the local header of \(entry.name)")
    }
    let start = at + 30 + Int(ZipArchive.u16(bytes, at + 26)) + Int(ZipArchive.u16(bytes, at + 28))
    let stop = start + entry.compressedSize
    guard stop <= bytes.count else { throw .truncated(archive: name, entry: entry.name, offset: bytes.count) }
    return start..<stop
  }

  /// Streams an entry's uncompressed bytes to `body` in chunks of at most `chunkSize`, then checks the
  /// size and CRC-32 the directory records. Throws `ZipError`, or whatever `body` throws to stop early.
  ///
  /// The declared size is checked before anything is inflated (at most `limit`, and no more than its
  /// compressed size allows), and inflation stops as soon as it passes the declared size, so no entry
  /// ever yields more than `limit` bytes.
  public func inflate(
    _ entry: Entry, in bytes: [UInt8], chunkSize: Int = 1 << 20, limit: Int = ZipArchive.inflatedSizeLimit,
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    try checkDeclaredSize(of: entry, limit: limit)
    let range = try dataRange(of: entry, in: bytes)
    var crc = ZipCRC32()
    var total = 0
    func forward(_ chunk: UnsafeBufferPointer<UInt8>) throws {
      if chunk.count > entry.uncompressedSize - total {
        throw ZipError.tooLarge(
          archive: name, entry: entry.name, offset: entry.localHeaderOffset,
          what: "inflates past the \(entry.uncompressedSize) bytes its directory entry declares")
      }
      crc.update(chunk)
      total += chunk.count
      try body(chunk)
    }
    switch entry.method {
    case 0:
      try bytes.withUnsafeBufferPointer { all in
        var p = range.lowerBound
        while p < range.upperBound {
          let q = min(range.upperBound, p + chunkSize)
          try forward(UnsafeBufferPointer(rebasing: all[p..<q]))
          p = q
        }
      }
    case 8:
      let inflater = try RawInflater(archive: name, entry: entry.name)
      try inflater.run(bytes, range: range, chunkSize: chunkSize, forward)
    default:
      throw ZipError.unsupportedMethod(archive: name, entry: entry.name, method: entry.method)
    }
    if total != entry.uncompressedSize {
      throw ZipError.checksumMismatch(
        archive: name, entry: entry.name,
        what: "inflated to \(total) bytes, the directory says \(entry.uncompressedSize)")
    }
    if crc.value != entry.crc32 {
      throw ZipError.checksumMismatch(archive: name, entry: entry.name, what: "CRC-32 does not match the directory")
    }
  }

  /// Refuses an entry whose declared size is past `limit` or past what its compressed bytes can hold.
  func checkDeclaredSize(of entry: Entry, limit: Int) throws(ZipError) {
    let declared = entry.uncompressedSize
    if declared > limit {
      throw .tooLarge(
        archive: name, entry: entry.name, offset: entry.localHeaderOffset,
        what: "declares \(declared) bytes uncompressed, more than the \(limit) bytes allowed")
    }
    let product = entry.compressedSize.multipliedReportingOverflow(by: ZipArchive.deflateRatioLimit)
    let most = entry.method == 0 ? entry.compressedSize : (product.overflow ? Int.max : product.partialValue)
    if entry.method == 0 || entry.method == 8, declared > most {
      throw .tooLarge(
        archive: name, entry: entry.name, offset: entry.localHeaderOffset,
        what: "declares \(declared) bytes uncompressed from \(entry.compressedSize) compressed, more than "
          + (entry.method == 0 ? "a stored entry holds" : "deflate can give"))
    }
  }

  static func u16(_ b: [UInt8], _ i: Int) -> UInt16 {
    guard i >= 0, i + 2 <= b.count else { return 0 }
    return UInt16(b[i]) | UInt16(b[i + 1]) << 8
  }

  static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
    guard i >= 0, i + 4 <= b.count else { return 0 }
    return UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
  }
}
