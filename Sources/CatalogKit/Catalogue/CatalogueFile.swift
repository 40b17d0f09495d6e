import Foundation

/// Reads catalogue files of any shape: detects the shape from the top-level keys, refuses versions
/// newer than this toolchain writes, and names the file in every error.
public enum CatalogueFile {
  /// Detects the shape by the keys the shapes do not share: `comics` is Stripovi, `magazine` is
  /// PopBoks, anything else is the shared issue shape.
  ///
  /// This is the one catalogue reader: every tool that reads a catalogue (a previous file, a file
  /// to check, diff or summarise) calls it, so each one refuses duplicate keys and numbers out of
  /// range, and checks the version, alike.
  public static func decode(_ bytes: [UInt8], file: String) throws(CatalogueFileError) -> AnyCatalogue {
    // A well-formed file is read in one pass; any other is read the old way, which names the trouble.
    if let c = CatalogueReading.read(bytes) {
      guard c.version <= newestVersion else {
        throw .newerVersion(file: file, version: c.version, newest: newestVersion)
      }
      return c
    }
    return try decodeScanned(bytes, file: file)
  }

  /// The strict scan, then `JSONDecoder`: the reading every file got before `CatalogueReading`, and
  /// still the one that names what is wrong with a file that is not a plain catalogue.
  static func decodeScanned(_ bytes: [UInt8], file: String) throws(CatalogueFileError) -> AnyCatalogue {
    let summary = try scan(bytes, file: file)
    let keys = summary.topLevelKeys
    let shape: CatalogueShape = keys.contains("comics") ? .stripovi : keys.contains("magazine") ? .popboks : .issue
    return try decode(bytes, file: file, as: shape, version: summary.version)
  }

  /// Decodes a file expected to hold `shape`; a file of another shape is an error naming both.
  public static func decode(_ bytes: [UInt8], file: String, as shape: CatalogueShape) throws(CatalogueFileError)
    -> AnyCatalogue
  {
    let found = try decode(bytes, file: file)
    guard found.shape == shape else {
      throw .wrongShape(file: file, expected: shape, found: found.shape)
    }
    return found
  }

  /// Decodes one concrete shape, for callers that know the type (the build runner's previous file).
  public static func decode<C: Catalogue>(_ type: C.Type, from bytes: [UInt8], file: String) throws(CatalogueFileError)
    -> C
  {
    switch try decode(bytes, file: file, as: C.shape) {
    case .issue(let c as C), .popboks(let c as C), .stripovi(let c as C): return c
    default: throw .wrongShape(file: file, expected: C.shape, found: C.shape)
    }
  }

  /// The newest version of every shape this toolchain reads.
  public static let newestVersion = 1

  private static func decode(_ bytes: [UInt8], file: String, as shape: CatalogueShape, version: Int?)
    throws(CatalogueFileError) -> AnyCatalogue
  {
    guard let version else { throw .missingVersion(file: file) }
    guard version <= newestVersion else {
      throw .newerVersion(file: file, version: version, newest: newestVersion)
    }
    let data = Data(bytes)
    let decoder = JSONDecoder()
    do {
      switch shape {
      case .issue: return .issue(try decoder.decode(IssueCatalogue.self, from: data))
      case .popboks: return .popboks(try decoder.decode(PopBoksCatalogue.self, from: data))
      case .stripovi: return .stripovi(try decoder.decode(StripoviCatalogue.self, from: data))
      }
    } catch let e as DecodingError {
      throw .malformed(file: file, shape: shape, detail: describe(e))
    } catch {
      throw .malformed(file: file, shape: shape, detail: "\(error)")
    }
  }

  /// The strict pass (`StrictJSON`) before the decode: duplicate keys, syntax errors with their line
  /// and column, numbers out of range by field, and the top-level keys and version, so a newer file
  /// gets a clear message instead of whatever field the new version renamed.
  private static func scan(_ bytes: [UInt8], file: String) throws(CatalogueFileError) -> StrictJSON.Summary {
    guard !bytes.isEmpty else { throw .notJSON(file: file, detail: "the file is empty") }
    let summary: StrictJSON.Summary
    do {
      summary = try StrictJSON.scan(bytes)
    } catch {
      if case .syntax = error { throw .notJSON(file: file, detail: error.description) }
      throw .refused(file: file, error)
    }
    guard summary.topLevelIsObject else { throw .notAnObject(file: file) }
    return summary
  }

  /// `issues[12].title: expected String, found a number`, not Foundation's nested dump.
  static func describe(_ error: DecodingError) -> String {
    func path(_ p: [any CodingKey]) -> String {
      var s = ""
      for k in p {
        if let i = k.intValue { s += "[\(i)]" } else { s += (s.isEmpty ? "" : ".") + k.stringValue }
      }
      return s.isEmpty ? "top level" : s
    }
    switch error {
    case .keyNotFound(let key, let c):
      let at = c.codingPath.isEmpty ? "" : path(c.codingPath) + ": "
      return "\(at)missing required key '\(key.stringValue)'"
    case .valueNotFound(let type, let c):
      return "\(path(c.codingPath)): expected \(type), found null"
    case .typeMismatch(let type, let c):
      return "\(path(c.codingPath)): expected \(type)"
    case .dataCorrupted(let c):
      return "\(path(c.codingPath)): \(underlying(c))"
    @unknown default:
      return "\(error)"
    }
  }

  private static func underlying(_ c: DecodingError.Context) -> String {
    if let u = c.underlyingError as? NSError, let d = u.userInfo[NSDebugDescriptionErrorKey] as? String {
      return d
    }
    return c.debugDescription
  }
}

/// Why a catalogue file could not be read. Every message starts with the file.
public enum CatalogueFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The bytes are not JSON at all.
  case notJSON(file: String, detail: String)
  /// The JSON's top level is not an object.
  case notAnObject(file: String)
  /// No integer `version` key: not a catalogue.
  case missingVersion(file: String)
  /// Written by a newer toolchain; reading it could silently drop fields.
  case newerVersion(file: String, version: Int, newest: Int)
  /// JSON of the right shape but a field is missing or of the wrong type.
  case malformed(file: String, shape: CatalogueShape, detail: String)
  /// A file of another shape than the caller expected.
  case wrongShape(file: String, expected: CatalogueShape, found: CatalogueShape)
  /// JSON that readers disagree on or cannot hold: a duplicate key, a number out of range for its
  /// field, nesting too deep.
  case refused(file: String, StrictJSONError)

  public var file: String {
    switch self {
    case .notJSON(let f, _), .notAnObject(let f), .missingVersion(let f), .newerVersion(let f, _, _),
      .malformed(let f, _, _), .wrongShape(let f, _, _), .refused(let f, _):
      f
    }
  }

  public var description: String {
    switch self {
    case .notJSON(let f, let d): "\(f): not JSON: \(d)"
    case .notAnObject(let f): "\(f): not a catalogue: the top level is not a JSON object"
    case .missingVersion(let f): "\(f): not a catalogue: no integer 'version' key"
    case .newerVersion(let f, let v, let n):
      "\(f): catalogue version \(v) is newer than this toolchain reads (up to \(n)); update Shelfmark to read it"
    case .malformed(let f, let s, let d): "\(f): not a valid \(s.displayName) catalogue: \(d)"
    case .wrongShape(let f, let e, let found):
      "\(f): expected \(e.withArticle) catalogue, found \(found.withArticle) one"
    case .refused(let f, let e): "\(f): line \(e.line), column \(e.column): \(e.message)"
    }
  }
}

extension CatalogueShape {
  /// How people name the shape in messages and tables.
  public var displayName: String {
    switch self {
    case .issue: "issue"
    case .popboks: "PopBoks"
    case .stripovi: "Stripovi"
    }
  }

  /// `an issue`, `a PopBoks`, `a Stripovi`.
  public var withArticle: String { (self == .issue ? "an " : "a ") + displayName }
}
