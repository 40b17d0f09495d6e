/// What is wrong with a WARC file; every case names the byte offset of the record (or gzip member)
/// where reading stopped, so `warcio index` or `dd` can find it.
public enum WARCError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file ends inside a record or a gzip member.
  case cutShort(offset: Int, what: String)
  /// The record does not start with a `WARC/1.x` line.
  case notARecord(offset: Int)
  /// A header line is not `Name: value`, or a required header is missing or unreadable.
  case badHeader(offset: Int, what: String)
  /// The block is not followed by the two CRLFs that end a record: its Content-Length lies.
  case lengthLies(offset: Int, contentLength: Int)
  /// A `WARC-Block-Digest` or `WARC-Payload-Digest` does not match the bytes.
  case digestMismatch(offset: Int, header: String, declared: String, actual: String)
  /// A gzip member that zlib cannot read.
  case badGzip(offset: Int, what: String)
  /// An HTTP message inside a record that cannot be read.
  case badHTTP(offset: Int, what: String)
  /// A revisit record whose original is not earlier in the file.
  case unresolvedRevisit(offset: Int, target: String)
  /// A record whose block is over the cap a cache takes: refused from its header, before it is read.
  case tooLarge(offset: Int, contentLength: Int, cap: Int)
  /// The file holds no record at all: empty, blank lines only, or a gzip member of nothing.
  case noRecords

  public var offset: Int {
    switch self {
    case .cutShort(let o, _), .notARecord(let o), .badHeader(let o, _), .lengthLies(let o, _),
      .digestMismatch(let o, _, _, _), .badGzip(let o, _), .badHTTP(let o, _), .unresolvedRevisit(let o, _),
      .tooLarge(let o, _, _):
      o
    case .noRecords: 0
    }
  }

  public var description: String {
    switch self {
    case .cutShort(let o, let what): "record at offset \(o): the file is cut short (\(what))"
    case .notARecord(let o): "record at offset \(o): does not start with a WARC/1.0 or WARC/1.1 line"
    case .badHeader(let o, let what): "record at offset \(o): \(what)"
    case .lengthLies(let o, let n):
      "record at offset \(o): Content-Length \(n) does not end at the record's end (no CRLF CRLF after the block)"
    case .digestMismatch(let o, let h, let declared, let actual):
      "record at offset \(o): \(h) is \(declared) but the bytes hash to \(actual)"
    case .badGzip(let o, let what): "gzip member at offset \(o): \(what)"
    case .badHTTP(let o, let what): "record at offset \(o): the HTTP message cannot be read (\(what))"
    case .unresolvedRevisit(let o, let t):
      "record at offset \(o): revisit of \(t) names no earlier response with its payload digest"
    case .noRecords: "the file holds no WARC record"
    case .tooLarge(let o, let n, let cap):
      "record at offset \(o): its block of \(n) bytes is over the \(cap)-byte cap on one answer's body"
    }
  }
}
