import CZlib

/// gzip as WARC uses it: one member per record, so a reader can seek to any record's offset and
/// inflate from there. Compression is zlib's; only the member bookkeeping is ours.
public enum GzipMembers {
  /// Whether bytes start with the gzip magic number.
  public static func isGzip(_ bytes: [UInt8]) -> Bool { bytes.count >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b }

  /// One gzip member holding `bytes`.
  public static func compress(_ bytes: [UInt8], level: Int32 = 6) throws(WARCError) -> [UInt8] {
    var stream = z_stream()
    guard shelfmark_deflate_init_gzip(&stream, level) == Z_OK else {
      throw .badGzip(offset: 0, what: "zlib would not start a deflate stream")
    }
    defer { deflateEnd(&stream) }
    let bound = Int(deflateBound(&stream, uLong(bytes.count))) + 32
    var out = [UInt8](repeating: 0, count: bound)
    var input = bytes
    let code: Int32 = input.withUnsafeMutableBufferPointer { inBuf in
      out.withUnsafeMutableBufferPointer { outBuf in
        stream.next_in = inBuf.baseAddress
        stream.avail_in = uInt(inBuf.count)
        stream.next_out = outBuf.baseAddress
        stream.avail_out = uInt(outBuf.count)
        return deflate(&stream, Z_FINISH)
      }
    }
    guard code == Z_STREAM_END else { throw .badGzip(offset: 0, what: "deflate stopped with zlib code \(code)") }
    out.removeLast(out.count - Int(stream.total_out))
    return out
  }

  /// Inflates one gzip or zlib stream (an HTTP body sent with `Content-Encoding: gzip` or `deflate`);
  /// a raw deflate stream is tried when neither header is there. Nil when none reads.
  public static func inflateBody(_ bytes: [UInt8], cap: Int) -> [UInt8]? {
    if let out = inflateOne(bytes, raw: false, cap: cap) { return out }
    return inflateOne(bytes, raw: true, cap: cap)
  }

  private static func inflateOne(_ bytes: [UInt8], raw: Bool, cap: Int) -> [UInt8]? {
    var stream = z_stream()
    let started = raw ? shelfmark_inflate_init_raw(&stream) : shelfmark_inflate_init_gzip_or_zlib(&stream)
    guard started == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    var input = bytes
    return input.withUnsafeMutableBufferPointer { inBuf -> [UInt8]? in
      stream.next_in = inBuf.baseAddress
      stream.avail_in = uInt(inBuf.count)
      while true {
        let (code, produced) = chunk.withUnsafeMutableBufferPointer { outBuf in
          stream.next_out = outBuf.baseAddress
          stream.avail_out = uInt(outBuf.count)
          let code = inflate(&stream, Z_NO_FLUSH)
          return (code, outBuf.count - Int(stream.avail_out))
        }
        out.append(contentsOf: chunk[0..<produced])
        if out.count > cap { return nil }
        if code == Z_STREAM_END { return out }
        guard code == Z_OK, produced > 0 || stream.avail_in > 0 else { return nil }
      }
    }
  }
}
