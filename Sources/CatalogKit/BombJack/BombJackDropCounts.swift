/// Why entries were left out, printed at the end of a build.
public struct BombJackDropCounts: Sendable, Equatable {
  /// Not on a known host, or not reachable over https.
  public var noAddress = 0
  /// Deeper copies elsewhere, or the same file already listed by an earlier page.
  public var repeats = 0
  /// Cover-disk software under `/disks/`.
  public var diskContents = 0
  /// The probe answered 404.
  public var gone = 0

  public init() {}
}
