import Foundation

/// Reads a WARC file (plain, or gzip with one member per record) into records. Every byte is
/// hostile: lengths are checked against what is left, a block must end in two CRLFs, and each
/// record's `WARC-Block-Digest` is checked when present.
public enum WARCReader {
  /// Every record in the file, in order.
  public static func records(_ bytes: [UInt8]) throws(WARCError) -> [WARCRecord] {
    if GzipMembers.isGzip(bytes) {
      let (data, members) = try GzipMembers.inflateAll(bytes)
      return try records(inflated: data) { start in
        // The member holding the record's first byte: the last one starting at or before it.
        var lo = 0
        var hi = members.count - 1
        while lo < hi {
          let mid = (lo + hi + 1) / 2
          if members[mid].inflatedStart <= start { lo = mid } else { hi = mid - 1 }
        }
        return members.isEmpty ? start : members[lo].fileOffset
      }
    }
    return try records(inflated: bytes) { $0 }
  }

  private static func records(inflated data: [UInt8], fileOffset: (Int) -> Int) throws(WARCError) -> [WARCRecord] {
    var out: [WARCRecord] = []
    var p = 0
    let end = data.count
    while p < end {
      // Tolerate blank lines between records (some writers add extra CRLFs).
      if data[p] == 13 || data[p] == 10 {
        p += 1
        continue
      }
      let at = fileOffset(p)
      guard let (versionLine, afterVersion) = line(data, from: p) else {
        throw .cutShort(offset: at, what: "no end to the version line")
      }
      guard versionLine.hasPrefix("WARC/1.") else { throw .notARecord(offset: at) }
      var fields: [(name: String, value: String)] = []
      var q = afterVersion
      while true {
        guard let (text, next) = line(data, from: q) else {
          throw .cutShort(offset: at, what: "the header block has no end")
        }
        q = next
        if text.isEmpty { break }
        if text.first == " " || text.first == "\t", let last = fields.popLast() {
          fields.append((last.name, last.value + " " + text.trimmingCharacters(in: .whitespaces)))
          continue
        }
        guard let colon = text.firstIndex(of: ":") else {
          throw .badHeader(offset: at, what: "header line '\(text.prefix(60))' has no colon")
        }
        fields.append(
          (String(text[..<colon]), String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
      }
      guard let lengthText = fields.first(where: { $0.name.lowercased() == "content-length" })?.value else {
        throw .badHeader(offset: at, what: "no Content-Length")
      }
      guard let length = Int(exactly: UInt64(lengthText) ?? UInt64.max), length >= 0 else {
        throw .badHeader(offset: at, what: "Content-Length '\(lengthText.prefix(30))' is not a byte count")
      }
      let (blockEnd, overflow) = q.addingReportingOverflow(length)
      guard !overflow, blockEnd <= end else {
        throw .cutShort(offset: at, what: "Content-Length says \(length) bytes, \(end - q) remain")
      }
      guard blockEnd + 4 <= end, data[blockEnd] == 13, data[blockEnd + 1] == 10, data[blockEnd + 2] == 13,
        data[blockEnd + 3] == 10
      else {
        if blockEnd + 4 > end, data[blockEnd...].allSatisfy({ $0 == 13 || $0 == 10 }) {
          throw .cutShort(offset: at, what: "the record's closing CRLF CRLF is missing")
        }
        throw .lengthLies(offset: at, contentLength: length)
      }
      let record = WARCRecord(
        offset: at, version: versionLine, fields: fields, block: Array(data[q..<blockEnd]))
      try checkDigest(record, header: "WARC-Block-Digest", bytes: record.block)
      out.append(record)
      p = blockEnd + 4
    }
    return out
  }

  /// Throws when the named digest is present, computable, and wrong.
  public static func checkDigest(_ record: WARCRecord, header: String, bytes: some Collection<UInt8>)
    throws(WARCError)
  {
    guard let text = record.field(header) else { return }
    guard let digest = WARCDigest.parse(text) else {
      throw .badHeader(offset: record.offset, what: "\(header) '\(text.prefix(60))' is not algorithm:value")
    }
    if digest.matches(bytes) == false {
      throw .digestMismatch(
        offset: record.offset, header: header, declared: text, actual: digest.recomputed(bytes).description)
    }
  }

  /// The text of the line starting at `p` (without its CRLF or LF) and where the next starts; nil
  /// when no line end comes before the end of the data. Header lines are ASCII or UTF-8.
  static func line(_ data: [UInt8], from p: Int) -> (String, Int)? {
    var i = p
    let end = data.count
    while i < end, data[i] != 10 { i += 1 }
    guard i < end else { return nil }
    let stop = i > p && data[i - 1] == 13 ? i - 1 : i
    return (String(decoding: data[p..<stop], as: UTF8.self), i + 1)
  }
}
