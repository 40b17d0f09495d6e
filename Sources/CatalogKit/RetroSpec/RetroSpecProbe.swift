/// The answer to one archive's size probe (`HEAD base + zip`).
public struct RetroSpecProbe: Sendable, Equatable, Codable {
  public var status: Int
  /// `Content-Length`, recorded only for a 200.
  public var bytes: Int64?

  public init(status: Int, bytes: Int64? = nil) {
    self.status = status
    self.bytes = status == 200 ? bytes : nil
  }

  /// Anything but 200 means the archive is gone at build time: the issue stays listed, flagged dead.
  public var isDead: Bool { status != 200 }
}
