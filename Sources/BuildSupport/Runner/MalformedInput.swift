import CatalogKit
import Foundation

/// Errors that say the input (a page, a dump, a catalogue) is malformed: a run they stop exits 65.
/// Anything not marked so, and not otherwise classified, is our own fault and exits 70.
public protocol MalformedInput: Error, CustomStringConvertible {}

extension ArchiveError: MalformedInput {}
extension AtarimaniaError: MalformedInput {}
extension CatalogueFileError: MalformedInput {}
extension DownloadURLProblem: MalformedInput {}
extension DumpError: MalformedInput {}
extension PopBoksGridSurveyError: MalformedInput {}
extension HTMLError: MalformedInput {}
extension PopBoksIndexScriptError: MalformedInput {}
extension SpectrumMaskError: MalformedInput {}
extension StripoviReaderPageError: MalformedInput {}
extension RetroSpecError: MalformedInput {}
extension StrictJSONError: MalformedInput {}
extension WARCError: MalformedInput {}
extension VintageAppleError: MalformedInput {}
extension ZipError: MalformedInput {}
extension SQLiteError: MalformedInput {}
extension FetchResponse.SizeProblem: MalformedInput {}

enum MalformedInputCheck {
  /// Whether an error says the input is malformed: marked so above, or thrown by CatalogKit, whose
  /// errors all describe bytes it was given (it does no I/O), so one added there later is covered.
  static func covers(_ error: Error) -> Bool {
    error is any MalformedInput || String(reflecting: type(of: error)).hasPrefix("CatalogKit.")
  }
}

/// A JSON document that did not decode, as one sentence (not Swift's nested dump).
enum MalformedJSON {
  static func sentence(_ e: DecodingError) -> String {
    func path(_ c: DecodingError.Context) -> String {
      let p = c.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
      return p.isEmpty ? "" : " at \(p)"
    }
    switch e {
    case .dataCorrupted(let c): return "not valid JSON\(path(c)): \(c.debugDescription)"
    case .keyNotFound(let k, let c): return "JSON is missing '\(k.stringValue)'\(path(c))"
    case .typeMismatch(_, let c), .valueNotFound(_, let c):
      return "JSON has a wrong value\(path(c)): \(c.debugDescription)"
    @unknown default: return "not valid JSON"
    }
  }
}
