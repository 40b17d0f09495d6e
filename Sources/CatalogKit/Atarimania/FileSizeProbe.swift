/// What a HEAD request said about one downloadable file: its status and, on 200, its
/// `Content-Length`. Atarimania and Vintage Apple both size every PDF this way.
public struct FileSizeProbe: Sendable, Equatable, Codable {
  public var status: Int
  /// The `Content-Length` of a 200 answer; nil otherwise or when the server sent none.
  public var bytes: Int64?

  public init(status: Int, bytes: Int64? = nil) {
    self.status = status
    self.bytes = status == 200 ? bytes : nil
  }

  /// Both specs: a recorded probe whose status is not 200 marks the issue dead. Dead issues stay listed.
  public var isDead: Bool { status != 200 }
}
