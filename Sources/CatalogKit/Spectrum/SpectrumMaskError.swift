/// Why a mask produced no URL. Each failed issue is counted under `reason`; no partial URL is emitted.
public enum SpectrumMaskError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// `{}`, a kind the grammar does not know (`p` page, `e` website …), or an expansion that is not an
  /// absolute URL. Carries the token text without braces (or the expanded text).
  case unknownToken(mask: String, token: String)
  /// A token whose field the issue does not have; `field` is the token's kind letter (`i`, `M` …).
  case missing(mask: String, field: String)
  /// The expansion is a URL but not `…/download/<identifier>/<file>`.
  case notAnArchiveDownload(url: String)

  /// The reason an issue is counted under, without the mask itself.
  public var reason: String {
    switch self {
    case .unknownToken(_, let token): "unknown token {\(token)}"
    case .missing(_, let field): "missing field {\(field)}"
    case .notAnArchiveDownload: "not an archive.org download URL"
    }
  }

  public var description: String {
    switch self {
    case .unknownToken(let mask, let token): "mask '\(mask)': unknown token '\(token)'"
    case .missing(let mask, let field): "mask '\(mask)': the issue has no value for {\(field)…}"
    case .notAnArchiveDownload(let url): "\(url): not an archive.org download URL (needs /download/<identifier>/<file>)"
    }
  }
}
