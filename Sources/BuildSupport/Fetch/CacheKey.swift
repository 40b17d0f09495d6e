import CatalogKit
import Foundation

/// The name of a cache entry: a digest of the method and the normalised URL, never the raw URL, so
/// no URL can reach outside the cache folder or make an overlong file name.
public struct CacheKey: Hashable, Sendable, CustomStringConvertible {
  /// Bumped whenever normalisation or the entry format changes; old entries are simply not found.
  public static let version = "v1"

  public let method: HTTPMethod
  public let normalisedURL: String
  public let digest: String

  public init(method: HTTPMethod, url: URL) {
    self.method = method
    self.normalisedURL = CacheKey.normalise(url)
    self.digest = SHA256.hex("\(CacheKey.version) \(method.rawValue) \(normalisedURL)")
  }

  public var description: String { "\(method.rawValue) \(normalisedURL)" }

  /// Lowercases scheme and host, drops default ports and the fragment, and gives an empty path `/`.
  /// Path and query are kept byte for byte: servers may treat `%2F` and `/` differently.
  public static func normalise(_ url: URL) -> String {
    if let plain = PlainURL(url) { return plain.text }
    return normaliseByComponents(url)
  }

  /// `normalise` for any URL, through URLComponents (what a plain URL's text equals).
  static func normaliseByComponents(_ url: URL) -> String {
    guard var c = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
    c.scheme = c.scheme?.lowercased()
    c.host = c.host?.lowercased()
    if (c.scheme == "https" && c.port == 443) || (c.scheme == "http" && c.port == 80) { c.port = nil }
    c.fragment = nil
    if c.percentEncodedPath.isEmpty { c.percentEncodedPath = "/" }
    return c.string ?? url.absoluteString
  }
}
