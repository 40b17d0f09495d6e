/// The limits a BombJack build must respect; every number is a command-line setting.
public struct BombJackShelfBounds: Sendable, Equatable {
  /// Each shelf must keep at least this share (percent) of the issues the last shipped build had.
  public var minSharePercent: Int
  /// The seven files together must hold at least this many issues.
  public var minTotal: Int
  /// No file may hold more: the app seeds about 9,000 rows a second, so 10,000 is about a second.
  public var maxPerFile: Int

  public init(minSharePercent: Int = 80, minTotal: Int = 15_000, maxPerFile: Int = 10_000) {
    self.minSharePercent = minSharePercent
    self.minTotal = minTotal
    self.maxPerFile = maxPerFile
  }

  /// The floor for one shelf.
  public func floor(_ shelf: BombJackShelf) -> Int { shelf.shippedCount * minSharePercent / 100 }
}

extension BombJackShelf {
  /// Issues per file in the last shipped build (2026-08-21), the baseline for the floors.
  public var shippedCount: Int {
    switch self {
    case .commodoreMagazines: return 1523
    case .amigaMagazines: return 1740
    case .otherMagazines: return 2776
    case .books: return 3005
    case .hardware: return 3193
    case .games: return 2788
    case .other: return 3194
    }
  }
}
