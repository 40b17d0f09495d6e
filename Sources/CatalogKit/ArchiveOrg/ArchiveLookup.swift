import Foundation

/// What the metadata API said about one identifier.
public enum ArchiveLookup: Sendable, Equatable {
  /// The item exists and is readable.
  case item(ArchiveItem)
  /// archive.org answered `{}` (or nothing): it has no item by that identifier.
  case noSuchItem
  /// `is_dark: true`: the item exists but archive.org has darkened it. Unavailable, but not missing.
  case dark(identifier: String)

  /// Decodes a metadata answer (HTTP 200). An unknown identifier answers `{}`, and an empty body is read
  /// the same way; anything that is not a JSON object, or an object whose `metadata` lacks an
  /// `identifier`, throws.
  ///
  /// A time-out can never reach this function: the fetcher throws for it, so "missing" here is always
  /// archive.org's own answer.
  public static func decode(_ bytes: [UInt8], url: URL) throws -> ArchiveLookup {
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .noSuchItem }
    let json: ArchiveJSONValue
    do {
      json = try JSONDecoder().decode(ArchiveJSONValue.self, from: Data(bytes))
    } catch {
      throw ArchiveError.notJSON(url: url)
    }
    guard case .object(let top) = json else { throw ArchiveError.notAnObject(url: url) }
    if top["is_dark"]?.looseBool == true {
      let id = top["metadata"]?["identifier"]?.looseString ?? url.lastPathComponent
      return .dark(identifier: id)
    }
    guard case .object(let meta)? = top["metadata"] else { return .noSuchItem }
    guard let identifier = meta["identifier"]?.looseString, !identifier.isEmpty else {
      throw ArchiveError.noIdentifier(url: url)
    }
    var fields: [String: [String]] = [:]
    for (key, value) in meta { fields[key] = value.looseStrings }
    var files: [ArchiveFile] = []
    if case .array(let entries)? = top["files"] {
      files = entries.compactMap(ArchiveFile.init(json:))
    }
    let storage = ArchiveStorage(server: top["server"]?.looseString, dir: top["dir"]?.looseString)
    return .item(
      ArchiveItem(metadata: ArchiveMetadata(identifier: identifier, fields: fields), files: files, storage: storage))
  }

  /// Reads a metadata answer by its HTTP status: 200 is decoded; any 4xx means archive.org has no such
  /// item (not worth retrying); anything else is an error. 429 and 5xx never get here: the fetcher
  /// retries them with backoff and throws when they persist, so they are never recorded as missing.
  public static func decode(status: Int, body: [UInt8], url: URL) throws -> ArchiveLookup {
    switch status {
    case 200: return try decode(body, url: url)
    case 400..<500: return .noSuchItem
    default: throw ArchiveError.unexpectedStatus(url: url, status: status)
    }
  }

  /// The item, when there is one.
  public var item: ArchiveItem? {
    if case .item(let i) = self { return i }
    return nil
  }

  /// The identifier to ask for once more after this answer, or nil. Some ZXDB masks spell an identifier
  /// with capitals archive.org does not have, so a "no such item" for an identifier with uppercase
  /// letters is retried once in lowercase.
  public func retryIdentifier(for identifier: String) -> String? {
    guard self == .noSuchItem else { return nil }
    let lower = identifier.lowercased()
    return lower == identifier ? nil : lower
  }
}
