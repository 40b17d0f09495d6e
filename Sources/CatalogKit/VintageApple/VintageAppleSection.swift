import Foundation

/// Which of the two Vintage Apple shelves a section belongs to; each writes one catalogue file.
public enum VintageAppleGroup: String, Sendable, CaseIterable, Equatable {
  case magazines, books

  public var catalogueFile: String { "vintageapple-\(rawValue).json" }

  /// The reference's floor per group, used when there is no previous catalogue to measure against.
  public var referenceMinIssues: Int {
    switch self {
    case .magazines: return 900
    case .books: return 700
    }
  }

  public var sections: [VintageAppleSection] { VintageAppleSection.all.filter { $0.group == self } }
}

/// One section of the site: a page listing PDFs in a table. The pages carry no usable heading (every
/// `<title>` is "Vintage Apple"), so names come from here, not from the page.
public struct VintageAppleSection: Sendable, Equatable, Hashable {
  public var group: VintageAppleGroup
  /// The folder on the site, also the series key and code.
  public var slug: String
  public var name: String

  public init(group: VintageAppleGroup, slug: String, name: String) {
    self.group = group
    self.slug = slug
    self.name = name
  }

  public static let host = "vintageapple.org"
  /// The catalogues' `base`.
  public static let base = "https://vintageapple.org/"

  /// `https://vintageapple.org/<slug>/`.
  public var url: URL? { URL(string: "\(VintageAppleSection.base)\(slug)/") }

  /// The sixteen sections in catalogue order. Left out on purpose: `macdrivers` and `gamba2` (mirrors
  /// with no PDFs) and `lisainfo` (a free-form page with a few files at its root). Magazines are
  /// largely on archive.org already; about half the books are found nowhere else.
  public static let all: [VintageAppleSection] = [
    .init(group: .magazines, slug: "byte", name: "Byte"),
    .init(group: .magazines, slug: "macworld", name: "Macworld"),
    .init(group: .magazines, slug: "macuser", name: "MacUser"),
    .init(group: .magazines, slug: "pcworld", name: "PC World"),
    .init(group: .magazines, slug: "softalk", name: "Softalk"),
    .init(group: .magazines, slug: "develop", name: "Apple develop"),
    .init(group: .books, slug: "macbooks", name: "Mac Books"),
    .init(group: .books, slug: "macprogramming", name: "Mac Programming"),
    .init(group: .books, slug: "apple_ii", name: "Apple II Books"),
    .init(group: .books, slug: "catalogs", name: "Mac Catalogs"),
    .init(group: .books, slug: "macmanuals", name: "Apple Mac Manuals"),
    .init(group: .books, slug: "laserwriter", name: "LaserWriter"),
    .init(group: .books, slug: "inside_r", name: "Inside Macintosh (Revamped)"),
    .init(group: .books, slug: "inside_o", name: "Inside Macintosh (Original)"),
    .init(group: .books, slug: "apple_jobs", name: "Apple & Steve Jobs"),
    .init(group: .books, slug: "applefacts", name: "Apple Facts"),
  ]

  /// Slugs the site has that are deliberately not catalogued.
  public static let excludedSlugs: Set<String> = ["macdrivers", "gamba2", "lisainfo"]

  public static func named(_ slug: String) -> VintageAppleSection? { all.first { $0.slug == slug } }
}
