import CZlib

/// A WARC file's bytes as records are read from them: inflated chunk by chunk when the file is
/// gzip (any number of members, one record each or many), passed through when it is plain, and
/// never more than a chunk of input and a chunk of output at a time. It remembers where each
/// member began in the file, so an error or an index can name the member holding a record.
final class WARCInput {
  /// Compressed bytes read from the source at a time, and the most one inflate call produces.
  static let chunkSize = 256 << 10

  private let source: any WARCSource
  private let gzip: Bool
  /// The next byte of the file to read.
  private var fileOffset: Int
  private var input: [UInt8] = []
  private var inputUsed = 0
  private var sourceEnded = false
  /// Inflated bytes handed out so far (the position of the next one).
  private(set) var produced = 0
  /// Members whose output may still hold the start of an unread record: (inflated start, file offset).
  private var members: [(inflated: Int, file: Int)] = []
  private var atMemberStart = true
  private var memberFileOffset: Int
  private var stream: UnsafeMutablePointer<z_stream>?
  private var output = [UInt8](repeating: 0, count: WARCInput.chunkSize)

  /// Reads from `offset`; the file is gzip when the bytes there are a gzip member.
  init(_ source: any WARCSource, at offset: Int) throws {
    self.source = source
    fileOffset = offset
    memberFileOffset = offset
    let head = try source.read(at: offset, count: 2)
    gzip = GzipMembers.isGzip(head)
  }

  deinit {
    if let stream {
      inflateEnd(stream)
      stream.deallocate()
    }
  }

  /// The member holding inflated position `p` (at or after the last one asked about) and how far
  /// into its output `p` lies; earlier members are forgotten.
  func location(of p: Int) -> WARCLocation {
    guard gzip else { return WARCLocation(offset: memberFileOffset + p) }
    while members.count > 1, members[1].inflated <= p { members.removeFirst() }
    guard let m = members.first else { return WARCLocation(offset: memberFileOffset) }
    return WARCLocation(offset: m.file, skip: p - m.inflated)
  }

  /// The next bytes of the (inflated) file, or nil at its end.
  func next() throws -> ArraySlice<UInt8>? {
    guard gzip else {
      let bytes = try source.read(at: fileOffset, count: WARCInput.chunkSize)
      guard !bytes.isEmpty else { return nil }
      fileOffset += bytes.count
      produced += bytes.count
      return bytes[...]
    }
    while true {
      if atMemberStart {
        guard try fill(2) else {
          if inputUsed == input.count { return nil }
          throw WARCError.badGzip(
            offset: fileOffset - (input.count - inputUsed), what: "bytes after the last member are not a gzip member")
        }
        memberFileOffset = fileOffset - (input.count - inputUsed)
        guard input[inputUsed] == 0x1f, input[inputUsed + 1] == 0x8b else {
          throw WARCError.badGzip(offset: memberFileOffset, what: "bytes after the last member are not a gzip member")
        }
        try startMember()
        members.append((produced, memberFileOffset))
        atMemberStart = false
      }
      if inputUsed == input.count, !(try fill(1)) {
        throw WARCError.cutShort(offset: memberFileOffset, what: "the gzip member ends early")
      }
      guard let stream else { throw WARCError.badGzip(offset: memberFileOffset, what: "no inflate stream") }
      let available = input.count - inputUsed
      let (code, used, made) = input.withUnsafeMutableBufferPointer { inBuf in
        output.withUnsafeMutableBufferPointer { outBuf in
          stream.pointee.next_in = inBuf.baseAddress.map { $0 + inputUsed }
          stream.pointee.avail_in = uInt(available)
          stream.pointee.next_out = outBuf.baseAddress
          stream.pointee.avail_out = uInt(outBuf.count)
          let code = inflate(stream, Z_NO_FLUSH)
          return (code, available - Int(stream.pointee.avail_in), outBuf.count - Int(stream.pointee.avail_out))
        }
      }
      inputUsed += used
      produced += made
      switch code {
      case Z_STREAM_END: atMemberStart = true
      case Z_OK: break
      case Z_BUF_ERROR:
        // zlib wants more input than there is in hand: read on, or the file ends inside the member.
        if !(try fill(input.count - inputUsed + 1)) {
          throw WARCError.cutShort(offset: memberFileOffset, what: "the gzip member ends early")
        }
      default:
        let message = stream.pointee.msg.map { String(cString: $0) } ?? "code \(code)"
        throw WARCError.badGzip(offset: memberFileOffset, what: "zlib says \(message)")
      }
      if made > 0 { return output[0..<made] }
    }
  }

  /// Makes at least `count` unread compressed bytes available; false when the file ends first.
  private func fill(_ count: Int) throws -> Bool {
    while input.count - inputUsed < count {
      guard !sourceEnded else { return false }
      if inputUsed > 0 {
        input.removeFirst(inputUsed)
        inputUsed = 0
      }
      let more = try source.read(at: fileOffset, count: WARCInput.chunkSize)
      if more.isEmpty {
        sourceEnded = true
        return false
      }
      fileOffset += more.count
      input += more
    }
    return true
  }

  private func startMember() throws {
    if let stream {
      guard inflateReset(stream) == Z_OK else {
        throw WARCError.badGzip(offset: memberFileOffset, what: "zlib would not restart")
      }
      return
    }
    let s = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    s.initialize(to: z_stream())
    guard shelfmark_inflate_init_gzip_or_zlib(s) == Z_OK else {
      s.deallocate()
      throw WARCError.badGzip(offset: memberFileOffset, what: "zlib would not start an inflate stream")
    }
    stream = s
  }
}
