import CLzma

/// The xz format (`.xz`, what `xz -dc` reads), through the system's liblzma: one stream, LZMA2,
/// a CRC-64 of the whole. Lineage files use it because each row's unique facts (digests,
/// validators, a size) sit between runs of text the row before had too: LZMA prices a match at
/// the distance it just used at a few bits, where gzip pays a whole distance code for each.
public enum Xz {
  /// How hard the encoder looks for matches.
  public enum Effort: Sendable {
    /// The optimal parse: on a generated RetroSpec build's 400 KB of lines, 28 bytes a row in
    /// about 70 ms (gzip's best: 40). About 170 ms a megabyte here.
    case thorough
    /// The greedy parse: a tenth of the time, and still a quarter under gzip on a listing-built
    /// source (a BombJack shelf's 2 MB of lines: 15 bytes a row in about 22 ms, gzip 20).
    case quick
  }

  /// Why bytes could not be compressed.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  /// Whether bytes start with the xz magic number.
  public static func isXz(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 6 && bytes[0] == 0xFD && bytes[1] == 0x37 && bytes[2] == 0x7A && bytes[3] == 0x58
      && bytes[4] == 0x5A && bytes[5] == 0x00
  }

  /// A window of 64 KiB: the text a line repeats is a line or a few above it, and a small window
  /// keeps the encoder's tables and any reader's memory small.
  static let dictionaryBytes: UInt32 = 1 << 16

  /// The most memory a reader lets liblzma use: a file this module wrote needs under a megabyte;
  /// one that declares a huge window is refused rather than allocated.
  static let decoderMemoryLimit: UInt64 = 64 << 20

  /// One xz stream holding `bytes`. The same bytes and effort give the same stream every time.
  public static func compress(_ bytes: [UInt8], effort: Effort) throws(Failure) -> [UInt8] {
    var options = lzma_options_lzma()
    guard lzma_lzma_preset(&options, 6) == 0 else { throw Failure(description: "liblzma has no preset 6") }
    options.dict_size = dictionaryBytes
    // Text has no 2- or 4-byte structure for the position bits to find.
    options.lc = 3
    options.lp = 0
    options.pb = 0
    options.mf = LZMA_MF_HC4
    switch effort {
    case .thorough:
      options.mode = LZMA_MODE_NORMAL
      // A line's shared text runs past 100 bytes; below about 128 the encoder settles for a
      // shorter match and loses a fifth of the gain, above 160 it only costs time.
      options.nice_len = 160
      options.depth = 2
    case .quick:
      options.mode = LZMA_MODE_FAST
      options.nice_len = 273
      options.depth = 8
    }
    let bound = lzma_stream_buffer_bound(bytes.count)
    guard bound > 0 else { throw Failure(description: "\(bytes.count) bytes are more than xz can bound") }
    var out = [UInt8](repeating: 0, count: bound)
    var written = 0
    let code = bytes.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        shelfmark_xz_encode(&options, input.baseAddress, input.count, output.baseAddress, &written, output.count)
      }
    }
    guard code == LZMA_OK else { throw Failure(description: "liblzma stopped with code \(code.rawValue)") }
    out.removeLast(out.count - written)
    return out
  }

  /// The bytes of one xz stream, or nil when they are not one whole stream (cut, edited, a bad
  /// check, anything after its end) or would hold more than `cap` bytes.
  public static func decompress(_ bytes: [UInt8], cap: Int) -> [UInt8]? {
    var stream = lzma_stream()
    guard lzma_stream_decoder(&stream, decoderMemoryLimit, 0) == LZMA_OK else { return nil }
    defer { lzma_end(&stream) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    return bytes.withUnsafeBufferPointer { input -> [UInt8]? in
      stream.next_in = input.baseAddress
      stream.avail_in = input.count
      while true {
        let (code, produced) = chunk.withUnsafeMutableBufferPointer { output in
          stream.next_out = output.baseAddress
          stream.avail_out = output.count
          let code = lzma_code(&stream, LZMA_FINISH)
          return (code, output.count - stream.avail_out)
        }
        guard produced <= cap - out.count else { return nil }
        out.append(contentsOf: chunk[0..<produced])
        switch code {
        case LZMA_STREAM_END: return stream.avail_in == 0 ? out : nil
        case LZMA_OK: continue
        default: return nil
        }
      }
    }
  }
}
