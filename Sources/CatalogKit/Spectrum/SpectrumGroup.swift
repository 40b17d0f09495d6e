/// The three Spectrum catalogues, in menu order.
public enum SpectrumGroup: String, CaseIterable, Sendable {
  case magazines, fanzines, books

  public var displayName: String {
    switch self {
    case .magazines: "Magazines"
    case .fanzines: "Fanzines"
    case .books: "Books"
    }
  }

  /// `spectrum-<group>`, the app's resource name.
  public var resourceName: String { "spectrum-\(rawValue)" }
  public var fileName: String { resourceName + ".json" }

  /// English paper magazines and English zines; electronic magazines (nothing to scan), other
  /// languages and rows missing either value belong to no group.
  public static func of(magtype: String?, language: String?) -> SpectrumGroup? {
    guard language == "en" else { return nil }
    switch magtype {
    case "P": return .magazines
    case "Z": return .fanzines
    default: return nil
    }
  }
}
