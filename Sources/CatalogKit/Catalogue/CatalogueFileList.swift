/// The 18 catalogue files the app ships (catalogue-format §3), as data: `catalog check` uses it for
/// the expected set, shapes and bases; issue identity uses the site ids.
public struct CatalogueFileEntry: Sendable, Equatable {
  /// File name, e.g. `retrospec-catalog.json`; the app's resource name is this without `.json`.
  public var file: String
  public var shape: CatalogueShape
  /// The build tool that writes it (`retrospec` for `retrospec-build`).
  public var tool: String
  /// The app's site id (§7's `site` term).
  public var site: String
  /// What the app writes into the publisher column.
  public var display: String
  public var base: String
  /// A row ceiling above `RowBudget.errorAbove` this file's source declares, with its reason; nil
  /// for the standard budget (every file today: the largest holds 3,194 rows).
  public var rowCeiling: RowBudget.Ceiling? = nil

  public var resourceName: String {
    file.hasSuffix(".json") ? String(file.dropLast(5)) : file
  }
}

public enum CatalogueFileList {
  static let archiveBase = "https://archive.org/download/"
  static let vintageAppleBase = "https://vintageapple.org/"
  static let popboksBase = "https://www.popboks.com/"

  public static let all: [CatalogueFileEntry] = [
    .init(
      file: "retrospec-catalog.json", shape: .issue, tool: "retrospec", site: "retrospec",
      display: "RetroSpec", base: "https://retrospec.elite.org/pcsux/"),
    .init(
      file: "archive-catalog.json", shape: .issue, tool: "archive", site: "archive",
      display: "Archive.org", base: archiveBase),
    .init(
      file: "spectrum-magazines.json", shape: .issue, tool: "spectrum", site: "spectrumMagazines",
      display: "Spectrum Computing: Magazines", base: archiveBase),
    .init(
      file: "spectrum-fanzines.json", shape: .issue, tool: "spectrum", site: "spectrumFanzines",
      display: "Spectrum Computing: Fanzines", base: archiveBase),
    .init(
      file: "spectrum-books.json", shape: .issue, tool: "spectrum", site: "spectrumBooks",
      display: "Spectrum Computing: Books", base: archiveBase),
    .init(
      file: "atarimania-catalog.json", shape: .issue, tool: "atarimania", site: "atarimania",
      display: "Atarimania", base: "https://www.atarimania.com/"),
    .init(
      file: "vintageapple-magazines.json", shape: .issue, tool: "vintageapple",
      site: "vintageAppleMagazines", display: "Vintage Apple: Magazines", base: vintageAppleBase),
    .init(
      file: "vintageapple-books.json", shape: .issue, tool: "vintageapple", site: "vintageAppleBooks",
      display: "Vintage Apple: Books & Manuals", base: vintageAppleBase),
    .init(
      file: "bombjack-commodoreMagazines.json", shape: .issue, tool: "bombjack",
      site: "bombjackCommodoreMagazines", display: "BombJack: Commodore Magazines", base: ""),
    .init(
      file: "bombjack-amigaMagazines.json", shape: .issue, tool: "bombjack",
      site: "bombjackAmigaMagazines", display: "BombJack: Amiga Magazines", base: ""),
    .init(
      file: "bombjack-otherMagazines.json", shape: .issue, tool: "bombjack",
      site: "bombjackOtherMagazines", display: "BombJack: Other Magazines", base: ""),
    .init(
      file: "bombjack-books.json", shape: .issue, tool: "bombjack", site: "bombjackBooks",
      display: "BombJack: Books", base: ""),
    .init(
      file: "bombjack-hardware.json", shape: .issue, tool: "bombjack", site: "bombjackHardware",
      display: "BombJack: Hardware Manuals", base: ""),
    .init(
      file: "bombjack-games.json", shape: .issue, tool: "bombjack", site: "bombjackGames",
      display: "BombJack: Video Games-related", base: ""),
    .init(
      file: "bombjack-other.json", shape: .issue, tool: "bombjack", site: "bombjackOther",
      display: "BombJack: Other", base: ""),
    .init(
      file: "popboks-dzuboks.json", shape: .popboks, tool: "popboks", site: "popboksDzuboks",
      display: "PopBoks: Džuboks", base: popboksBase),
    .init(
      file: "popboks-ritam.json", shape: .popboks, tool: "popboks", site: "popboksRitam",
      display: "PopBoks: Ritam", base: popboksBase),
    .init(
      file: "stripovi-catalog.json", shape: .stripovi, tool: "stripovi", site: "stripovi",
      display: "Stripovi.com", base: "https://www.stripovi.com/"),
  ]

  /// The entry for a file name (the last path component), or nil for a file not in the list.
  public static func entry(forFile name: String) -> CatalogueFileEntry? {
    all.first { $0.file == name }
  }

  /// The files one tool writes, in list order.
  public static func files(ofTool tool: String) -> [CatalogueFileEntry] {
    all.filter { $0.tool == tool }
  }
}
