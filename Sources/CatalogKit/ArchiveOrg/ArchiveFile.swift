/// Where a file of an archive.org item came from (`files[].source`).
public enum ArchiveFileSource: String, Sendable, Equatable {
  /// Uploaded by a person. Unknown or missing sources count as original.
  case original
  /// Made by archive.org's derive step (OCR PDFs, JP2 zips, thumbnails…).
  case derivative
  /// archive.org's own bookkeeping (`_files.xml`, torrents); never readable.
  case metadata

  /// Reads the loose `source` value; anything unknown is `original`.
  public init(loose value: String?) {
    self = value.flatMap { ArchiveFileSource(rawValue: $0.lowercased()) } ?? .original
  }
}

/// One entry of an item's `files` array.
public struct ArchiveFile: Sendable, Equatable, Hashable {
  /// The decoded file name, possibly with `/` for files inside sub-folders. Encode it with
  /// `ArchivePath.encode` exactly once.
  public var name: String
  /// archive.org's format label, e.g. `Image Container PDF`, `ArchiveScandata`, `Text PDF`.
  public var format: String?
  /// Bytes; archive.org sends a string of digits and sometimes omits it.
  public var size: Int64?
  public var source: ArchiveFileSource
  public var md5: String?
  public var sha1: String?
  /// Modification time, seconds since 1970, as archive.org writes it (text).
  public var mtime: String?

  public init(
    name: String, format: String? = nil, size: Int64? = nil, source: ArchiveFileSource = .original,
    md5: String? = nil, sha1: String? = nil, mtime: String? = nil
  ) {
    self.name = name
    self.format = format
    self.size = size
    self.source = source
    self.md5 = md5
    self.sha1 = sha1
    self.mtime = mtime
  }

  /// Reads one `files[]` entry loosely; nil when it has no `name`, which every real entry has.
  init?(json: ArchiveJSONValue) {
    guard let name = json["name"]?.looseString, !name.isEmpty else { return nil }
    self.name = name
    self.format = json["format"]?.looseString
    self.size = json["size"]?.looseString.flatMap(ArchiveFile.parseSize)
    self.source = ArchiveFileSource(loose: json["source"]?.looseString)
    self.md5 = json["md5"]?.looseString
    self.sha1 = json["sha1"]?.looseString
    self.mtime = json["mtime"]?.looseString
  }

  /// A size is a string of ASCII digits; anything else counts as absent.
  static func parseSize(_ text: String) -> Int64? {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    return Int64(text)
  }
}
