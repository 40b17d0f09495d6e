/// What a HEAD must say to count as a file's size. A CDN or an overloaded origin answers a size
/// probe with its error page (`text/html`, a few hundred bytes) or with `Content-Length: 0` under a
/// 200; taken as the file's size, that number would ship. Each source declares its floor.
public struct SizeRule: Sendable, Equatable {
  /// The smallest size a real file of this source has; below it an answer is an error page's length.
  public var floorBytes: Int64

  public init(floorBytes: Int64) {
    self.floorBytes = floorBytes
  }

  /// The floor every file source uses unless it declares its own: the smallest file any shipped
  /// catalogue lists is 6,513 bytes (a BombJack hardware scan); error pages are 150–600 bytes.
  public static let files = SizeRule(floorBytes: 1024)

  /// Why a 2xx HEAD answer (its `Content-Type` and `Content-Length`) is no size of a file, or nil.
  public func refusal(contentType: String?, length: Int64?) -> String? {
    if let type = contentType?.lowercased(), type.hasPrefix("text/html") {
      return "answered the size probe with an HTML page (Content-Type: \(type.prefix(60))), not the file"
    }
    if let length, length < floorBytes {
      return
        "a size of \(Plural.count(Int(length), "byte")) is under this source's floor of \(floorBytes) bytes, not a file"
    }
    return nil
  }
}
