import CatalogKit

extension ZXDBStore {
  /// The file types `spectrum-build --probe` reports on: the three that carry magazine scans in
  /// ZXDB (their names are read from the dump's `filetypes` table, so a renamed type shows as such).
  public static let scanFiletypes = [56, 47, 55]

  /// Where the files of one type point: how many, and how many under each of ZXDB's link prefixes.
  public struct FileLinks: Sendable, Equatable {
    public var filetype: Int
    public var total = 0
    public var pub = 0
    public var nvg = 0
    public var zxdb = 0
    public var http = 0
  }

  public func fileLinks(filetype: Int) throws -> FileLinks {
    let row =
      try database.query(
        """
        SELECT count(*),
          sum(file_link LIKE '/pub/%'), sum(file_link LIKE '/nvg/%'), sum(file_link LIKE '/zxdb/%'),
          sum(file_link LIKE 'http%')
        FROM files WHERE filetype_id = ?
        """, [.integer(Int64(filetype))]
      ).first ?? []
    let n = row.map { $0.int ?? 0 }
    func at(_ i: Int) -> Int { n.indices.contains(i) ? n[i] : 0 }
    return FileLinks(filetype: filetype, total: at(0), pub: at(1), nvg: at(2), zxdb: at(3), http: at(4))
  }
}
