/// The answer to one size probe (HEAD) of a download.
public struct Probe: Sendable, Equatable, Codable {
  public var status: Int
  /// `Content-Length`, when the server sent one.
  public var bytes: Int64?

  public init(status: Int, bytes: Int64? = nil) {
    self.status = status
    self.bytes = bytes
  }

  /// A 404 (or 410) means the file is gone and its entry is dropped; anything else keeps it.
  public var isGone: Bool { status == 404 || status == 410 }
}
