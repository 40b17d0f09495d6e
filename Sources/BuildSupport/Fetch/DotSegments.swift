import Foundation

/// RFC 3986 section 5.2.4 (remove_dot_segments) on a percent-encoded path, where a segment of
/// `%2e`, `%2E%2e` and the like counts as the dot segment it decodes to: libcurl and many servers
/// resolve those, so a check made before they do must resolve them first.
enum DotSegments {
  static func remove(_ path: String) -> String {
    var input = Substring(path)
    var output: [Substring] = []
    let absolute = input.hasPrefix("/")
    if absolute { input = input.dropFirst() }
    let segments = input.split(separator: "/", omittingEmptySubsequences: false)
    for (i, segment) in segments.enumerated() {
      let last = i == segments.count - 1
      switch kind(segment) {
      case .dot:
        // "a/./" and a trailing "." keep the folder: an empty last segment ends the path with "/".
        if last { output.append("") }
      case .dotDot:
        if !output.isEmpty { output.removeLast() }
        if last { output.append("") }
      case .other:
        output.append(segment)
      }
    }
    let joined = output.joined(separator: "/")
    return absolute || path.isEmpty ? "/" + joined : joined
  }

  private enum Kind { case dot, dotDot, other }

  private static func kind(_ segment: Substring) -> Kind {
    guard segment.count <= 6 else { return .other }
    let decoded = segment.lowercased().replacingOccurrences(of: "%2e", with: ".")
    switch decoded {
    case ".": return .dot
    case "..": return .dotDot
    default: return .other
    }
  }

  /// The URL with its path's dot segments removed; the query and everything else kept as they are.
  static func normalise(_ url: URL) -> URL {
    guard var c = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
    let path = c.percentEncodedPath
    guard path.contains(".") || path.lowercased().contains("%2e") else { return url }
    c.percentEncodedPath = remove(path)
    return c.url ?? url
  }
}
