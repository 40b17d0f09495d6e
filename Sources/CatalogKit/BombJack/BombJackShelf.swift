/// The seven BombJack catalogue files, split by what the material is so each seeds quickly.
public enum BombJackShelf: String, Sendable, CaseIterable, Codable, Comparable {
  // Menu order.
  case commodoreMagazines, amigaMagazines, otherMagazines, books, hardware, games, other

  /// `bombjack-<shelf>.json`.
  public var fileName: String { "bombjack-\(rawValue).json" }

  /// The settings label the app shows.
  public var label: String {
    switch self {
    case .commodoreMagazines: return "Commodore Magazines"
    case .amigaMagazines: return "Amiga Magazines"
    case .otherMagazines: return "Other Magazines"
    case .books: return "Books"
    case .hardware: return "Hardware Manuals"
    case .games: return "Video Games-related"
    case .other: return "Other"
    }
  }

  public static func < (a: BombJackShelf, b: BombJackShelf) -> Bool {
    allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
  }

  static let commodoreWords: Set<String> = [
    "commodore", "commodore-other", "vic-20", "vic20", "vic-20-other", "vic20-other", "c16-plus4",
    "c16-plus4-other", "kim-pet", "kim-pet-other",
  ]
  static let hardwareWords: Set<String> = [
    "hardware", "commodore", "amiga-commodore", "amiga-other", "commodore-other",
  ]

  /// The shelf of a download, from the words of its address: the URL percent-decoded, lowercased
  /// and split on `/` and on spaces (so a folder "Magazines and Books" counts as `magazines`).
  /// The first matching rule wins; newsletters are checked before hardware.
  public static func of(zip: String) -> BombJackShelf {
    let decoded = (ASCIIText.removingPercentEncoding(zip) ?? zip).lowercased()
    let words = Set(ASCIIText.split(decoded, on: [0x2F, 0x20]))
    if words.contains("magazines") {
      if !words.isDisjoint(with: commodoreWords) { return .commodoreMagazines }
      if words.contains("amiga") || words.contains("amiga-other") { return .amigaMagazines }
      return .otherMagazines
    }
    if words.contains("newsletters") { return .other }
    if words.contains("books") || words.contains("books-other") { return .books }
    if words.contains("games") || words.contains("games-cassette") || words.contains("games-disk") {
      return .games
    }
    if !words.isDisjoint(with: hardwareWords) { return .hardware }
    return .other
  }
}
