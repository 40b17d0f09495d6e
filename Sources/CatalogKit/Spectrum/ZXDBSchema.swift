/// The ten ZXDB tables the build loads, and the columns it reads from each.
///
/// All ten are needed: leaving out `publishers`/`labels` once put every book under "Other
/// publishers". Columns are addressed by name, so new ZXDB columns do not disturb the load.
public enum ZXDBSchema {
  public static let magazines = DumpTable(
    "magazines", ["id", "name", "magtype_id", "language_id", "country_id", "archive_mask", "link_mask"])
  public static let issues = DumpTable(
    "issues",
    [
      "id", "magazine_id", "number", "volume", "date_year", "date_month", "date_day", "special", "supplement",
      "archive_mask", "link_mask",
    ])
  public static let files = DumpTable("files", ["issue_id", "filetype_id", "file_link"])
  public static let downloads = DumpTable("downloads", ["entry_id", "filetype_id", "file_link"])
  public static let entries = DumpTable("entries", ["id", "genretype_id", "language_id", "title"])
  public static let genretypes = DumpTable("genretypes", ["id", "text"])
  public static let filetypes = DumpTable("filetypes", ["id", "text"])
  public static let countries = DumpTable("countries", ["id", "text"])
  public static let publishers = DumpTable("publishers", ["entry_id", "label_id"])
  public static let labels = DumpTable("labels", ["id", "name"])

  public static let tables: [DumpTable] = [
    magazines, issues, files, downloads, entries, genretypes, filetypes, countries, publishers, labels,
  ]

  /// Columns holding whole numbers (stored as INTEGER so joins and sorts are numeric).
  public static let integerColumns: Set<String> = [
    "id", "magazine_id", "number", "volume", "date_year", "date_month", "date_day", "issue_id", "filetype_id",
    "entry_id", "genretype_id", "label_id",
  ]
}
