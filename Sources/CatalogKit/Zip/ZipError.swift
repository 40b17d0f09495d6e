/// Why a zip archive (the ZXDB dump) could not be read. Each case names the archive and a byte offset.
public enum ZipError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No end-of-central-directory record in the last 64 KiB: not a zip, or cut short.
  case noEndRecord(archive: String, size: Int)
  /// A central-directory or local header is missing, malformed or runs past the end.
  case badHeader(archive: String, offset: Int, what: String)
  /// Zip64 archives and split archives are not used by ZXDB and not read here.
  case unsupported(archive: String, offset: Int, what: String)
  /// A compression method other than stored (0) or deflate (8).
  case unsupportedMethod(archive: String, entry: String, method: Int)
  /// The compressed data is corrupt; `offset` is the archive offset zlib had reached.
  case corruptData(archive: String, entry: String, offset: Int, message: String)
  /// The deflate stream ended early, or the entry's data runs past the archive.
  case truncated(archive: String, entry: String, offset: Int)
  /// The inflated bytes do not match the size or CRC-32 the central directory records.
  case checksumMismatch(archive: String, entry: String, what: String)
  /// An entry declares, or inflates to, more than it may (`ZipArchive.inflatedSizeLimit`): a zip bomb
  /// or a damaged directory. `offset` is the entry's local header.
  case tooLarge(archive: String, entry: String, offset: Int, what: String)
  /// No entry matched (e.g. no `.sql` file in the dump zip).
  case noEntry(archive: String, wanted: String)

  public var description: String {
    switch self {
    case .noEndRecord(let a, let size):
      "\(a): not a zip archive (no end-of-central-directory record in \(size) bytes)"
    case .badHeader(let a, let offset, let what): "\(a): byte \(offset): \(what)"
    case .unsupported(let a, let offset, let what): "\(a): byte \(offset): \(what) is not supported"
    case .unsupportedMethod(let a, let e, let m): "\(a): \(e): compression method \(m) is not supported"
    case .corruptData(let a, let e, let offset, let message):
      "\(a): \(e): byte \(offset): corrupt deflate data (\(message))"
    case .truncated(let a, let e, let offset): "\(a): \(e): data ends early at byte \(offset)"
    case .checksumMismatch(let a, let e, let what): "\(a): \(e): \(what)"
    case .tooLarge(let a, let e, let offset, let what): "\(a): \(e) (header at byte \(offset)): \(what)"
    case .noEntry(let a, let wanted): "\(a): no entry \(wanted)"
    }
  }
}
