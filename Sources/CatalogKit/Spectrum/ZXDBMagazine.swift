/// One `magazines` row, as the build reads it.
public struct ZXDBMagazine: Sendable, Equatable, Hashable {
  public var id: Int
  public var name: String
  /// `P` paper, `E` electronic, `Z` newsletter/fanzine.
  public var magtype: String?
  /// ISO 639-1, e.g. `en`.
  public var language: String?
  /// e.g. `GB`; becomes the series `code`.
  public var country: String?
  public var archiveMask: String?
  public var linkMask: String?

  public init(
    id: Int, name: String, magtype: String?, language: String?, country: String?, archiveMask: String?,
    linkMask: String? = nil
  ) {
    self.id = id
    self.name = name
    self.magtype = magtype
    self.language = language
    self.country = country
    self.archiveMask = archiveMask
    self.linkMask = linkMask
  }
}
