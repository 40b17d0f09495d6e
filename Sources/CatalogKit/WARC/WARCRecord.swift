/// One WARC record: its named fields in file order and its block (the bytes Content-Length counts).
public struct WARCRecord: Sendable {
  /// Where the record starts in the file: the gzip member's offset in a `.warc.gz`.
  public var offset: Int
  /// Where a reader finds the record again (`offset` and, inside a member of many records, how far in).
  public var location: WARCLocation
  public var version: String
  public var fields: [(name: String, value: String)]
  public var block: [UInt8]

  public init(
    offset: Int = 0, version: String = "WARC/1.1", fields: [(name: String, value: String)], block: [UInt8],
    location: WARCLocation? = nil
  ) {
    self.offset = offset
    self.location = location ?? WARCLocation(offset: offset)
    self.version = version
    self.fields = fields
    self.block = block
  }

  /// The first field of that name (names are case-insensitive).
  public func field(_ name: String) -> String? {
    let n = name.lowercased()
    return fields.first { $0.name.lowercased() == n }?.value
  }

  public var type: String { field("WARC-Type")?.lowercased() ?? "" }
  public var targetURI: String? {
    // WARC/1.0 writers sometimes wrap the URI in angle brackets.
    field("WARC-Target-URI").map { $0.hasPrefix("<") && $0.hasSuffix(">") ? String($0.dropFirst().dropLast()) : $0 }
  }
  public var recordID: String? { field("WARC-Record-ID") }
  public var date: String? { field("WARC-Date") }
  /// Every `WARC-Concurrent-To` (the field may repeat).
  public var concurrentTo: [String] {
    fields.filter { $0.name.lowercased() == "warc-concurrent-to" }.map(\.value)
  }

  /// The record as bytes: version line, fields, a blank line, the block, two CRLFs.
  public func serialized() -> [UInt8] {
    var head = version + "\r\n"
    for f in fields where f.name.lowercased() != "content-length" { head += f.name + ": " + f.value + "\r\n" }
    head += "Content-Length: \(block.count)\r\n\r\n"
    var out = Array(head.utf8)
    out.reserveCapacity(out.count + block.count + 4)
    out += block
    out += [13, 10, 13, 10]
    return out
  }
}
