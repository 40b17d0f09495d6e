import Foundation

/// A `WARC-*-Digest` value, `algorithm:value`. We write `sha1:` in base32, the convention of wget,
/// warcio and Heritrix; we check sha1 and sha256 in base32 or hex, and let other algorithms pass.
public struct WARCDigest: Sendable, Equatable, CustomStringConvertible {
  public var algorithm: String
  public var bytes: [UInt8]

  public var description: String { algorithm + ":" + Base32.encode(bytes) }

  /// The sha1 digest of `bytes`, as we write it.
  public static func sha1(_ bytes: some Collection<UInt8>) -> WARCDigest {
    WARCDigest(algorithm: "sha1", bytes: SHA1.digest(bytes))
  }

  /// Reads `sha1:BASE32` (or hex); nil for a value that is not `algorithm:value`.
  public static func parse(_ text: String) -> WARCDigest? {
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let algorithm = text[..<colon].lowercased().replacingOccurrences(of: "-", with: "")
    let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
    let size: Int? =
      switch algorithm {
      case "sha1": 20
      case "sha256": 32
      default: nil
      }
    guard let size else { return WARCDigest(algorithm: algorithm, bytes: Array(value.utf8)) }
    if value.count == size * 2, let hex = Self.hex(value) { return WARCDigest(algorithm: algorithm, bytes: hex) }
    guard let b = Base32.decode(value), b.count == size else { return nil }
    return WARCDigest(algorithm: algorithm, bytes: b)
  }

  /// Whether these bytes hash to this digest; nil when the algorithm is one we do not compute.
  public func matches(_ data: some Collection<UInt8>) -> Bool? {
    switch algorithm {
    case "sha1": SHA1.digest(data) == bytes
    case "sha256": SHA256.digest(Array(data)) == bytes
    default: nil
    }
  }

  /// The same algorithm over other bytes, for the "hashes to" half of an error message.
  public func recomputed(_ data: some Collection<UInt8>) -> WARCDigest {
    switch algorithm {
    case "sha256": WARCDigest(algorithm: algorithm, bytes: SHA256.digest(Array(data)))
    default: WARCDigest.sha1(data)
    }
  }

  private static func hex(_ s: String) -> [UInt8]? {
    var out: [UInt8] = []
    var high: UInt8? = nil
    for c in s.utf8 {
      let v: UInt8
      switch c {
      case 48...57: v = c - 48
      case 97...102: v = c - 87
      case 65...70: v = c - 55
      default: return nil
      }
      if let h = high {
        out.append(h << 4 | v)
        high = nil
      } else {
        high = v
      }
    }
    return high == nil ? out : nil
  }
}
