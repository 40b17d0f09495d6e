import Foundation

/// The trusted half of an expanded archive.org URL: the item identifier, plus the file the mask named.
///
/// Masks are hand-written and files on archive.org get renamed, so only `identifier` is trusted; the
/// file is checked against the item's own metadata before it is used.
public struct SpectrumArchiveLocation: Sendable, Equatable, Hashable {
  public var identifier: String
  /// Percent-decoded, possibly with `/` for a file inside a sub-folder of the item.
  public var file: String

  public init(identifier: String, file: String) {
    self.identifier = identifier
    self.file = file
  }

  /// Expands a mask and splits the result; every failure is a `SpectrumMaskError` with a countable reason.
  public static func expand(_ mask: SpectrumMask, _ fields: SpectrumMaskFields) throws(SpectrumMaskError)
    -> SpectrumArchiveLocation
  {
    let expanded = try mask.expand(fields)
    return try split(expanded)
  }

  /// Splits `…/download/<identifier>/<file…>`: spaces become `%20` first, nothing is re-encoded, and
  /// the host is not checked. A URL that does not parse is an unknown token carrying the text.
  public static func split(_ expanded: String) throws(SpectrumMaskError) -> SpectrumArchiveLocation {
    let text = expanded.replacingOccurrences(of: " ", with: "%20")
    guard let components = URLComponents(string: text), let scheme = components.scheme, !scheme.isEmpty,
      components.host != nil
    else { throw .unknownToken(mask: expanded, token: expanded) }
    let segments = components.percentEncodedPath.split(separator: "/").map(String.init)
    guard segments.count >= 3, segments[0] == "download" else { throw .notAnArchiveDownload(url: text) }
    let identifier = segments[1].removingPercentEncoding ?? segments[1]
    let raw = segments[2...].joined(separator: "/")
    return SpectrumArchiveLocation(identifier: identifier, file: raw.removingPercentEncoding ?? raw)
  }
}
