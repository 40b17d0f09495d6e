import Foundation

/// The series table: RetroSpec's runs, keyed by the id prefix.
///
/// The site's own names are unusable (two carry a `?` for a lost letter, and both Moj Mikro runs are
/// "Moj Mikro"), so names, codes and languages come from here. The order is the order of the `series`
/// block and of the issues in the file.
public enum RetroSpecSeries {
  public static let table: [Series] = [
    Series(key: "SK", name: "Svet Kompjutera", code: "SK", language: "serbian"),
    Series(key: "RA", name: "Računari", code: "RA", language: "serbian"),
    Series(key: "MMS", name: "Moj Mikro (SLO)", code: "MMS", language: "slovenian"),
    Series(key: "GAL", name: "Galaksija", code: "GAL", language: "serbian"),
    Series(key: "MMH", name: "Moj Mikro (HR)", code: "MMH", language: "croatian"),
    Series(key: "MG", name: "Megazin", code: "MG", language: "slovenian"),
    Series(key: "BIT", name: "BIT", code: "BIT", language: "slovenian"),
    Series(key: "SI", name: "Svet Igara", code: "SI", language: "serbian"),
    Series(key: "CN", name: "Club Nintendo", code: "CN", language: "slovenian"),
    Series(key: "AmSt", name: "Amiga Style", code: "AS", language: "serbian"),
    Series(key: "PV", name: "Pilot Video", code: "PV", language: "croatian"),
    Series(key: "Warp", name: "Warp", code: "WARP", language: "croatian"),
    Series(key: "MR", name: "Mala Računala", code: "MR", language: "croatian"),
    Series(key: "AmSv", name: "Amiga Svet", code: "ASv", language: "serbian"),
    Series(key: "KOM", name: "Kompjuter", code: "KOM", language: "serbian"),
    Series(key: "MA", name: "Master", code: "MA", language: "croatian"),
    Series(key: "MCW", name: "Micro Computer", code: "MCW", language: "serbian"),
    Series(key: "PJ", name: "PlayJoy", code: "PJ", language: "serbian"),
    // Books: no language is known for the shelf as a whole, so the key is omitted.
    Series(key: "Knjige", name: "Knjige", code: "KNJ"),
  ]

  /// The series keys, for recognising issue ids.
  public static let keys: Set<String> = Set(table.map(\.key))

  /// Maps the magshow page's `Jezik:` value to the catalogue's language names; nil for anything else.
  public static func language(fromJezik value: String) -> String? {
    switch value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
    case "srpski": return "serbian"
    case "hrvatski", "srbohrvaški": return "croatian"
    case "slovenski", "slovenščina": return "slovenian"
    default: return nil
    }
  }
}
