/// One `issues` row, as the build reads it.
public struct ZXDBIssue: Sendable, Equatable, Hashable {
  public var id: Int
  public var magazineID: Int
  public var fields: SpectrumMaskFields
  /// The issue's own mask; it beats the magazine's.
  public var archiveMask: String?
  public var linkMask: String?

  public init(id: Int, magazineID: Int, fields: SpectrumMaskFields, archiveMask: String? = nil, linkMask: String? = nil)
  {
    self.id = id
    self.magazineID = magazineID
    self.fields = fields
    self.archiveMask = archiveMask
    self.linkMask = linkMask
  }

  /// The mask that addresses this issue: its own `archive_mask`, else the magazine's, else none.
  public func effectiveMask(magazine: ZXDBMagazine) -> SpectrumMask? {
    if let own = archiveMask, !own.isEmpty { return SpectrumMask(own) }
    if let theirs = magazine.archiveMask, !theirs.isEmpty { return SpectrumMask(theirs) }
    return nil
  }
}
