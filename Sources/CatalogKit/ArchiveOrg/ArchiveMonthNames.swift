/// Month names for titling archive.org issues in their series' language.
public enum ArchiveMonthNames {
  /// One list serves Serbian and Bosnian (Latin script, as the fanzines print it).
  static let serbianBosnian = [
    "Januar", "Februar", "Mart", "April", "Maj", "Jun",
    "Jul", "Avgust", "Septembar", "Oktobar", "Novembar", "Decembar",
  ]

  /// The month's name in the language, or nil when there is no table for the language (Croatian and
  /// Slovenian have none yet) or the month is outside 1–12.
  public static func name(month: Int, language: String?) -> String? {
    guard (1...12).contains(month) else { return nil }
    switch language {
    case "serbian", "bosnian": return serbianBosnian[month - 1]
    default: return nil
    }
  }
}
