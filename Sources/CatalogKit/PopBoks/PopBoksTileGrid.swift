/// An issue's level-2 tile grid: how many 256-pixel tiles wide and tall its pages are.
public struct PopBoksTileGrid: Sendable, Hashable, Codable, CustomStringConvertible {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// The grid the site's own viewer always draws; the archive can hold more rows than this.
  public static let viewer = PopBoksTileGrid(columns: 5, rows: 7)

  /// The reference's probe limits: column indices 0…7 and row indices 0…11 are asked, so a
  /// measured 8 columns or 12 rows means the limit was reached, not the edge.
  public static let columnLimit = 7
  public static let rowLimit = 11

  public var description: String { "\(columns)x\(rows)" }
}

/// One question the measurement asks the archive: does this file exist?
public enum PopBoksGridProbe: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// `…/<issue>/1/icon.jpg`.
  case cover
  /// `…/<issue>/<page>/2_<column>_<row>.jpg`.
  case tile(page: Int, column: Int, row: Int)

  public static func < (a: PopBoksGridProbe, b: PopBoksGridProbe) -> Bool {
    switch (a, b) {
    case (.cover, .cover): false
    case (.cover, .tile): true
    case (.tile, .cover): false
    case (.tile(let p1, let c1, let r1), .tile(let p2, let c2, let r2)): (p1, r1, c1) < (p2, r2, c2)
    }
  }

  public var description: String {
    switch self {
    case .cover: "cover"
    case .tile(let p, let c, let r): "p\(p) c\(c) r\(r)"
    }
  }
}

/// The archive's answer to one probe. Only 200 and "not there" (403, which the archive uses, or
/// 404/410) decide anything; a 429, a 5xx or anything else is no answer and must be asked again,
/// never taken as "missing".
public enum PopBoksProbeAnswer: Sendable, Equatable, Hashable {
  case present
  case missing
  case undecided(status: Int)

  public init(status: Int) {
    switch status {
    case 200: self = .present
    case 403, 404, 410: self = .missing
    default: self = .undecided(status: status)
    }
  }
}
