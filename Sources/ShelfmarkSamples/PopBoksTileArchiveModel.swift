import CatalogKit
import SiteMirrorKit

/// A model of the PopBoks tile archive: which tiles and covers exist, with the archive's quirks
/// (403 for a missing file, holes inside grids, pages taller than the viewer draws, pages of one
/// issue that differ in size). Tests, the end-to-end server and the benchmark all answer probes from
/// it, so the measurement is checked against grids that are known in advance.
public struct PopBoksTileArchiveModel: Sendable {
  /// One issue's folder as the model holds it.
  public struct Folder: Sendable, Equatable {
    public var id: Int
    public var firstPage: Int
    public var pages: Int
    /// Every page's grid unless `pageGrids` says otherwise.
    public var grid: PopBoksTileGrid
    /// Pages whose grid differs (a taller insert, a narrower page).
    public var pageGrids: [Int: PopBoksTileGrid]
    /// Tiles missing inside a page's grid.
    public var holes: Set<PopBoksGridProbe>
    public var hasCover: Bool
    /// False for an issue that was never scanned: every tile answers 403.
    public var hasTiles: Bool

    public init(
      id: Int, firstPage: Int = 1, pages: Int, grid: PopBoksTileGrid = .viewer, pageGrids: [Int: PopBoksTileGrid] = [:],
      holes: Set<PopBoksGridProbe> = [], hasCover: Bool = true, hasTiles: Bool = true
    ) {
      self.id = id
      self.firstPage = firstPage
      self.pages = pages
      self.grid = grid
      self.pageGrids = pageGrids
      self.holes = holes
      self.hasCover = hasCover
      self.hasTiles = hasTiles
    }

    public func gridOf(page: Int) -> PopBoksTileGrid { pageGrids[page] ?? grid }

    public func isPresent(_ probe: PopBoksGridProbe) -> Bool {
      switch probe {
      case .cover:
        return hasCover
      case .tile(let page, let column, let row):
        guard hasTiles, page >= firstPage, page < firstPage + pages, !holes.contains(probe) else { return false }
        let g = gridOf(page: page)
        return column >= 0 && row >= 0 && column < g.columns && row < g.rows
      }
    }

    var sampledPages: [Int] { Array(Set([firstPage, firstPage + pages / 2, firstPage + pages - 1])).sorted() }

    /// The grid the model was generated with, as the issue's definition reads it: the largest page
    /// among the sampled ones (0×0 without tiles). Holes never cover every measuring line, so they
    /// do not change it.
    public var generatedGrid: PopBoksTileGrid {
      guard hasTiles else { return PopBoksTileGrid(columns: 0, rows: 0) }
      let grids = sampledPages.map(gridOf(page:))
      return PopBoksTileGrid(columns: grids.map(\.columns).max() ?? 0, rows: grids.map(\.rows).max() ?? 0)
    }
  }

  public var magazine: PopBoksMagazine
  public var folders: [Int: Folder]

  public init(magazine: PopBoksMagazine, folders: [Folder]) {
    self.magazine = magazine
    self.folders = Dictionary(folders.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  public func answer(issue id: Int, _ probe: PopBoksGridProbe) -> PopBoksProbeAnswer {
    folders[id]?.isPresent(probe) == true ? .present : .missing
  }

  /// The HTTP status the archive gives a path under the host (`dzuboks/dzuboksimages/12/3/2_0_1.jpg`):
  /// 200 for a file that exists, 403 for one that does not, nil for a path outside the image folder.
  public func status(path: String) -> Int? {
    var rest = Substring(path)
    while rest.hasPrefix("/") { rest = rest.dropFirst() }
    guard rest.hasPrefix(magazine.directory + "/") else { return nil }
    rest = rest.dropFirst(magazine.directory.count + 1)
    let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 3, let id = Int(parts[0]), let page = Int(parts[1]) else { return 403 }
    let folder = folders[id]
    if parts[2] == "icon.jpg" { return page == 1 && folder?.hasCover == true ? 200 : 403 }
    let name = parts[2]
    guard name.hasSuffix(".jpg") else { return 403 }
    let fields = name.dropLast(4).split(separator: "_")
    guard fields.count == 3, Int(fields[0]) == PopBoksMagazine.level, let c = Int(fields[1]), let r = Int(fields[2])
    else { return 403 }
    return folder?.isPresent(.tile(page: page, column: c, row: r)) == true ? 200 : 403
  }

  /// What the archive's server answers a request on the PopBoks host, as the real one does: a
  /// small JPEG for a file that exists, 403 with S3's XML error for one that does not; nil for a
  /// request no model of `models` covers (the index scripts are files of the site).
  public static func answer(_ req: MirrorRequest, models: [PopBoksTileArchiveModel]) -> MirrorResponse? {
    guard req.host == PopBoksMagazine.host else { return nil }
    for model in models {
      guard let status = model.status(path: req.path) else { continue }
      return status == 200
        ? MirrorResponse(
          status: 200, headers: ["Content-Type": "image/jpeg"], body: [UInt8](repeating: 0xFF, count: 64))
        : MirrorResponse(
          status: status, headers: ["Content-Type": "application/xml"],
          body: Array("<?xml version=\"1.0\"?><Error><Code>AccessDenied</Code></Error>".utf8))
    }
    return nil
  }

  /// A varied but reproducible archive for an index: mostly 5×7, some 5×8 and 5×6, a few wider,
  /// some issues with one taller page, and holes on measuring lines, all decided by `seed`.
  public static func generated(
    magazine: PopBoksMagazine, entries: [PopBoksIndexEntry], seed: UInt64 = 1, missingCovers: Set<Int> = []
  ) -> PopBoksTileArchiveModel {
    var folders: [Folder] = []
    for e in entries {
      var rng = SplitMix(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(e.id))
      let rowRoll = rng.below(100)
      let rows = rowRoll < 8 ? 8 : rowRoll < 11 ? 6 : rowRoll < 13 ? 9 : 7
      let columns = rng.below(100) < 4 ? 6 : 5
      var f = Folder(
        id: e.id, firstPage: e.firstPage, pages: e.pages, grid: PopBoksTileGrid(columns: columns, rows: rows),
        hasCover: !missingCovers.contains(e.id))
      let sampled = f.sampledPages
      if rng.below(100) < 10 {
        let p = sampled[rng.below(sampled.count)]
        f.pageGrids[p] = PopBoksTileGrid(columns: columns, rows: rows + 1)
      }
      let holeRoll = rng.below(100)
      let holeCount = holeRoll < 5 ? 2 : holeRoll < 20 ? 1 : 0
      var used = Set<String>()
      for _ in 0..<holeCount {
        // A hole on one measuring line of a sampled page, inside that page's grid.
        let p = sampled[rng.below(sampled.count)]
        let g = f.gridOf(page: p)
        let line = rng.below(2)
        let alongRow = rng.below(2) == 0
        let key = "\(p)-\(alongRow)"  // never both lines of one page and axis
        guard used.insert(key).inserted else { continue }
        let hole: PopBoksGridProbe =
          alongRow
          ? .tile(page: p, column: rng.below(g.columns), row: line)
          : .tile(page: p, column: line, row: rng.below(g.rows))
        f.holes.insert(hole)
      }
      folders.append(f)
    }
    return PopBoksTileArchiveModel(magazine: magazine, folders: folders)
  }
}

/// A tiny deterministic generator (SplitMix64), so a generated archive is the same on every run.
public struct SplitMix: Sendable {
  public var state: UInt64
  public init(seed: UInt64) { state = seed }
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  public mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }
}
