/// What a HEAD request said about one downloadable file: its status and, on 200, its
/// `Content-Length`. Every source that sizes its files (RetroSpec, BombJack, Atarimania, Vintage
/// Apple) reads its answers through this one type.
public struct SizeProbe: Sendable, Equatable, Codable {
  public var status: Int
  /// The `Content-Length` of a 200 answer; nil otherwise (an error page's length is not the file's)
  /// or when the server sent none.
  public var bytes: Int64?

  public init(status: Int, bytes: Int64? = nil) {
    self.status = status
    self.bytes = status == 200 ? bytes : nil
  }

  /// The probe a HEAD answer makes, or nil when the answer says nothing about the file: a server
  /// that refuses HEAD (405, 501) even after the fetcher's one-byte GET.
  public init?(answer status: Int, contentLength: Int64?) {
    guard status != 405, status != 501 else { return nil }
    self.init(status: status, bytes: contentLength)
  }

  /// Anything but 200: the file is not downloadable at build time. RetroSpec, Atarimania and Vintage
  /// Apple keep such issues listed with `dead: true`.
  public var isDead: Bool { status != 200 }

  /// 404 or 410: the file is gone for good. BombJack drops such entries.
  public var isGone: Bool { status == 404 || status == 410 }
}
