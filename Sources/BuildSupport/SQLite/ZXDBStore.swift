import CatalogKit
import Foundation

/// The ZXDB dump loaded into SQLite (`.spectrum-cache/zxdb.sqlite`), rebuilt only when the dump changes.
///
/// The zip is inflated and parsed in one streaming pass straight into SQLite, so the 142 MB of SQL is
/// never held in memory. Everything after the load is SQL. The file is written under a temporary
/// name and renamed into place, so an interrupted load never leaves a half database behind.
public final class ZXDBStore {
  /// Raised when the tables or columns the store keeps change, so an old database is rebuilt.
  public static let layoutVersion = "1"

  public let database: Database

  /// What `open` did: reused the database, or loaded it from the dump.
  public struct Load: Sendable {
    public var reused: Bool
    public var dumpSHA256: String
    public var zipBytes: Int
    /// Bytes of SQL inflated (0 when reused).
    public var sqlBytes: Int
    /// Rows loaded per table, in schema order.
    public var rowCounts: [(table: String, rows: Int)]
    public var warnings: [String]
  }

  init(database: Database) { self.database = database }

  /// Opens the store at `path` when it was loaded from a dump with this hash; otherwise loads it.
  public static func open(
    zip: [UInt8], sha256: String, dumpName: String, at path: URL
  ) throws -> (store: ZXDBStore, load: Load) {
    if FileManager.default.fileExists(atPath: path.path),
      let db = try? Database(path: path.path, readOnly: true),
      let meta = try? db.query("SELECT key, value FROM meta"),
      Dictionary(meta.compactMap { r in r[0].string.map { ($0, r[1].string ?? "") } }, uniquingKeysWith: { a, _ in a })
        == ["dump_sha256": sha256, "layout": layoutVersion, "complete": "yes"]
    {
      let counts = try ZXDBSchema.tables.map { t in
        (t.name, try db.query("SELECT count(*) FROM \"\(t.name)\"").first?.first?.int ?? 0)
      }
      return (
        ZXDBStore(database: db),
        Load(reused: true, dumpSHA256: sha256, zipBytes: zip.count, sqlBytes: 0, rowCounts: counts, warnings: [])
      )
    }
    let load = try loadDump(zip: zip, sha256: sha256, dumpName: dumpName, into: path)
    return (ZXDBStore(database: try Database(path: path.path, readOnly: true)), load)
  }

  /// Inflates, parses and inserts the dump into a fresh database file at `path`.
  public static func loadDump(zip: [UInt8], sha256: String, dumpName: String, into path: URL) throws -> Load {
    let fm = FileManager.default
    try fm.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
    let temporary = path.deletingLastPathComponent().appendingPathComponent(
      ".\(path.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    try? fm.removeItem(at: temporary)
    defer { try? fm.removeItem(at: temporary) }

    let archive = try ZipArchive(bytes: zip, name: dumpName)
    let entry = try archive.firstEntry(endingWith: ".sql")
    let parser = SQLDumpParser(dump: "\(dumpName): \(entry.name)", wanted: ZXDBSchema.tables)
    var sqlBytes = 0
    do {
      let db = try Database(path: temporary.path)
      try db.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY;")
      try db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
      var inserts: [Statement] = []
      for t in ZXDBSchema.tables {
        let columns = t.columns.map { c in
          "\"\(c)\" \(ZXDBSchema.integerColumns.contains(c) ? "INTEGER" : "TEXT")"
        }
        try db.execute("CREATE TABLE \"\(t.name)\" (seq INTEGER PRIMARY KEY, \(columns.joined(separator: ", ")))")
        let names = t.columns.map { "\"\($0)\"" }.joined(separator: ", ")
        let marks = t.columns.map { _ in "?" }.joined(separator: ", ")
        inserts.append(try db.prepare("INSERT INTO \"\(t.name)\" (\(names)) VALUES (\(marks))"))
      }
      try db.transaction {
        try archive.inflate(entry, in: zip) { chunk in
          sqlBytes += chunk.count
          try parser.feed(chunk) { table, row in
            let s = inserts[table]
            for (i, v) in row.enumerated() { try s.bind(v, at: Int32(i + 1)) }
            _ = try s.step()
            s.reset()
          }
        }
        try parser.finish()
        try db.execute(
          """
          CREATE INDEX issues_magazine ON issues (magazine_id);
          CREATE INDEX magazines_id ON magazines (id);
          CREATE INDEX entries_id ON entries (id);
          CREATE INDEX publishers_entry ON publishers (entry_id, seq);
          CREATE INDEX labels_id ON labels (id);
          CREATE INDEX downloads_entry ON downloads (entry_id);
          """)
        let meta = try db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)")
        for (k, v) in [("dump_sha256", sha256), ("layout", layoutVersion), ("complete", "yes")] {
          try meta.bind([.text(k), .text(v)])
          _ = try meta.step()
          meta.reset()
        }
      }
      inserts.removeAll()
    }
    _ = try? fm.removeItem(at: path)
    try fm.moveItem(at: temporary, to: path)
    return Load(
      reused: false, dumpSHA256: sha256, zipBytes: zip.count, sqlBytes: sqlBytes,
      rowCounts: Swift.zip(ZXDBSchema.tables.map(\.name), parser.rowCounts).map { ($0, $1) },
      warnings: parser.warnings)
  }

  // MARK: queries

  /// Every magazine, by id.
  public func magazines() throws -> [ZXDBMagazine] {
    try database.query(
      "SELECT id, name, magtype_id, language_id, country_id, archive_mask, link_mask FROM magazines ORDER BY id"
    ).compactMap { r in
      guard let id = r[0].int else { return nil }
      return ZXDBMagazine(
        id: id, name: r[1].string ?? "", magtype: r[2].string, language: r[3].string, country: r[4].string,
        archiveMask: r[5].string, linkMask: r[6].string)
    }
  }

  /// Every issue, in dump order.
  public func issues() throws -> [ZXDBIssue] {
    try database.query(
      """
      SELECT id, magazine_id, number, volume, date_year, date_month, date_day, special, supplement,
             archive_mask, link_mask
      FROM issues ORDER BY seq
      """
    ).compactMap { r in
      guard let id = r[0].int, let magazine = r[1].int else { return nil }
      return ZXDBIssue(
        id: id, magazineID: magazine,
        fields: SpectrumMaskFields(
          number: r[2].int, volume: r[3].int, year: r[4].int, month: r[5].int, day: r[6].int, special: r[7].string,
          supplement: r[8].string),
        archiveMask: r[9].string, linkMask: r[10].string)
    }
  }

  /// Every download of a complete book (46) or booklet (60), in dump order, joined with its entry,
  /// genre text and the label of its first `publishers` row.
  public func bookDownloads() throws -> [ZXDBBookDownload] {
    try database.query(
      """
      SELECT d.entry_id, d.filetype_id, d.file_link, e.title, e.language_id, g.text,
        (SELECT l.name FROM (SELECT label_id FROM publishers p WHERE p.entry_id = d.entry_id ORDER BY p.seq LIMIT 1) f
           LEFT JOIN labels l ON l.id = f.label_id)
      FROM downloads d
      LEFT JOIN entries e ON e.id = d.entry_id
      LEFT JOIN genretypes g ON g.id = e.genretype_id
      WHERE d.filetype_id IN (46, 60)
      ORDER BY d.seq
      """
    ).compactMap { r in
      guard let entry = r[0].int else { return nil }
      return ZXDBBookDownload(
        entryID: entry, filetype: r[1].int, link: r[2].string ?? "", title: r[3].string, language: r[4].string,
        genre: r[5].string, imprint: r[6].string)
    }
  }

  /// A lookup table's own texts (`filetypes`, `genretypes`, `countries`), because meanings drift.
  public func texts(of table: String) throws -> [String: String] {
    var out: [String: String] = [:]
    for r in try database.query("SELECT id, text FROM \"\(table)\"") {
      if let id = r[0].string { out[id] = r[1].string ?? "" }
    }
    return out
  }
}
