/// Reads a WARC file (plain, or gzip with one member per record or many records per member) record
/// by record: memory holds one record and a chunk of the file, whatever the file's size. Every byte
/// is hostile: lengths are checked against what is left and against a cap before a block is read, a
/// block must end in two CRLFs, and each record's `WARC-Block-Digest` is checked when present.
public final class WARCReader {
  /// The longest header block read before a record is called malformed: real ones are under 2 KB.
  public static let headerCap = 1 << 20

  private let input: WARCInput
  /// The most a block may hold; a longer record is refused from its header, before it is read.
  public let blockCap: Int
  /// Inflated bytes read and not yet consumed start at `buffer[position]`.
  private var buffer: [UInt8] = []
  private var position = 0
  private var ended = false

  /// A reader from the start of the file, or from a record's location (a revisit's original).
  public init(_ source: any WARCSource, at location: WARCLocation = WARCLocation(offset: 0), blockCap: Int = .max)
    throws
  {
    input = try WARCInput(source, at: location.offset)
    self.blockCap = blockCap
    var skip = location.skip
    while skip > 0 {
      guard let chunk = try input.next() else { throw WARCError.cutShort(offset: location.offset, what: "no record") }
      if chunk.count > skip { buffer = Array(chunk.dropFirst(skip)) }
      skip -= min(skip, chunk.count)
    }
  }

  /// The inflated position of `buffer[i]`.
  private func inflated(_ i: Int) -> Int { input.produced - buffer.count + i }

  /// Appends the next chunk of the file to the buffer; false at its end.
  private func more() throws -> Bool {
    guard !ended, let chunk = try input.next() else {
      ended = true
      return false
    }
    buffer += chunk
    return true
  }

  /// The next record, or nil at the end of the file. A record over `blockCap` is an error unless
  /// `keepBlock`, shown its header, declines it: then its block is read past (its digest still
  /// checked) and the record comes back with an empty block.
  public func next(keepBlock: (WARCRecord) -> Bool = { _ in true }) throws -> WARCRecord? {
    if position >= WARCInput.chunkSize || position == buffer.count {
      buffer.removeFirst(position)
      position = 0
    }
    // Tolerate blank lines between records (some writers add extra CRLFs).
    while true {
      while position < buffer.count, buffer[position] == 13 || buffer[position] == 10 { position += 1 }
      if position < buffer.count { break }
      buffer.removeAll(keepingCapacity: true)
      position = 0
      guard try more() else { return nil }
    }
    let location = input.location(of: inflated(position))
    let at = location.offset
    guard let (versionLine, afterVersion) = try line(from: position) else {
      throw WARCError.cutShort(offset: at, what: "no end to the version line")
    }
    guard versionLine.hasPrefix("WARC/1.") else { throw WARCError.notARecord(offset: at) }
    var fields: [(name: String, value: String)] = []
    var q = afterVersion
    while true {
      guard let (text, next) = try line(from: q) else {
        throw WARCError.cutShort(offset: at, what: "the header block has no end")
      }
      q = next
      if text.isEmpty { break }
      if text.first == " " || text.first == "\t", let last = fields.popLast() {
        fields.append((last.name, last.value + " " + text.trimmingCharacters(in: .whitespaces)))
        continue
      }
      guard let colon = text.firstIndex(of: ":") else {
        throw WARCError.badHeader(offset: at, what: "header line '\(text.prefix(60))' has no colon")
      }
      fields.append(
        (String(text[..<colon]), String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
    }
    guard let lengthText = fields.first(where: { $0.name.lowercased() == "content-length" })?.value else {
      throw WARCError.badHeader(offset: at, what: "no Content-Length")
    }
    guard let length = Int(exactly: UInt64(lengthText) ?? UInt64.max), length >= 0 else {
      throw WARCError.badHeader(offset: at, what: "Content-Length '\(lengthText.prefix(30))' is not a byte count")
    }
    var record = WARCRecord(
      offset: at, version: versionLine, fields: fields, block: [], location: location)
    position = q
    if length > blockCap {
      guard !keepBlock(record) else { throw WARCError.tooLarge(offset: at, contentLength: length, cap: blockCap) }
      try skipBlock(length, of: record)
      try closing(length, at: at)
    } else {
      record.block = try block(length, at: at)
      // A length that lies is named as such before the digest it also breaks.
      try closing(length, at: at)
      try WARCReader.checkDigest(record, header: "WARC-Block-Digest", bytes: record.block)
    }
    return record
  }

  /// The `length` bytes from `position` on, read straight into their own array when the buffer
  /// does not hold them, so a large block is in memory once.
  private func block(_ length: Int, at: Int) throws -> [UInt8] {
    if buffer.count - position >= length {
      defer { position += length }
      return Array(buffer[position..<position + length])
    }
    var block: [UInt8] = []
    block.reserveCapacity(length)
    block += buffer[position...]
    buffer.removeAll(keepingCapacity: false)
    position = 0
    while block.count < length {
      guard let chunk = try input.next() else {
        ended = true
        throw WARCError.cutShort(offset: at, what: "Content-Length says \(length) bytes, \(block.count) remain")
      }
      let need = length - block.count
      if chunk.count <= need {
        block += chunk
      } else {
        block += chunk.prefix(need)
        buffer = Array(chunk.dropFirst(need))
      }
    }
    return block
  }

  /// Reads past a block that is not kept, hashing it on the way when the record names a digest.
  private func skipBlock(_ length: Int, of record: WARCRecord) throws {
    let declared = record.field("WARC-Block-Digest")
    let digest = declared.flatMap(WARCDigest.parse)
    var sha1 = SHA1()
    var sha256 = SHA256()
    func hash(_ bytes: ArraySlice<UInt8>) {
      switch digest?.algorithm {
      case "sha1": sha1.update(bytes)
      case "sha256": sha256.update(bytes)
      default: break
      }
    }
    var left = length
    let here = min(left, buffer.count - position)
    hash(buffer[position..<position + here])
    left -= here
    position += here
    while left > 0 {
      buffer.removeAll(keepingCapacity: true)
      position = 0
      guard let chunk = try input.next() else {
        ended = true
        throw WARCError.cutShort(
          offset: record.offset, what: "Content-Length says \(length) bytes, \(length - left) remain")
      }
      let take = min(left, chunk.count)
      hash(chunk.prefix(take))
      if take < chunk.count { buffer = Array(chunk.dropFirst(take)) }
      left -= take
    }
    guard let declared, let digest else {
      if let declared {
        throw WARCError.badHeader(
          offset: record.offset, what: "WARC-Block-Digest '\(declared.prefix(60))' is not algorithm:value")
      }
      return
    }
    let actual: [UInt8]? =
      switch digest.algorithm {
      case "sha1": sha1.finalize()
      case "sha256": sha256.finalize()
      default: nil
      }
    if let actual, actual != digest.bytes {
      throw WARCError.digestMismatch(
        offset: record.offset, header: "WARC-Block-Digest", declared: declared,
        actual: WARCDigest(algorithm: digest.algorithm, bytes: actual).description)
    }
  }

  /// The CRLF CRLF after a block: missing at the end of the file is a cut, anything else a lie.
  private func closing(_ length: Int, at: Int) throws {
    while buffer.count - position < 4, try more() {}
    let tail = buffer[position..<min(buffer.count, position + 4)]
    guard tail.elementsEqual([13, 10, 13, 10]) else {
      if tail.count < 4, tail.allSatisfy({ $0 == 13 || $0 == 10 }) {
        throw WARCError.cutShort(offset: at, what: "the record's closing CRLF CRLF is missing")
      }
      throw WARCError.lengthLies(offset: at, contentLength: length)
    }
    position += 4
  }

  /// The text of the line starting at `p` (without its CRLF or LF) and where the next starts; nil
  /// when the file ends before a line end. Header lines are ASCII or UTF-8.
  private func line(from p: Int) throws -> (String, Int)? {
    var i = p
    while true {
      while i < buffer.count, buffer[i] != 10 { i += 1 }
      if i < buffer.count { break }
      if i - position > WARCReader.headerCap {
        throw WARCError.badHeader(
          offset: input.location(of: inflated(position)).offset,
          what: "the header block runs past \(WARCReader.headerCap) bytes")
      }
      guard try more() else { return nil }
    }
    let stop = i > p && buffer[i - 1] == 13 ? i - 1 : i
    return (String(decoding: buffer[p..<stop], as: UTF8.self), i + 1)
  }

  /// Every record in a file held in memory, in order (tests, the fuzz target, small files).
  public static func records(_ bytes: [UInt8], blockCap: Int = .max) throws -> [WARCRecord] {
    let reader = try WARCReader(WARCBytes(bytes), blockCap: blockCap)
    var out: [WARCRecord] = []
    while let r = try reader.next() { out.append(r) }
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
}
