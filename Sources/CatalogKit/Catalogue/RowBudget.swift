/// How many rows one catalogue file may hold (issue 13 §3). The app seeds its database from a file at
/// launch, about 9,000 rows a second, and the system kills an app whose launch takes about 15 seconds:
/// that is why BombJack ships as seven shelves. A file above the warning line costs more than a second
/// of launch; one above the ceiling risks the kill, unless its source declares a higher ceiling and says
/// why.
public enum RowBudget {
  /// The measured seeding rate of the app, rows per second.
  public static let rowsPerSecond = 9_000
  /// Above this, a file is worth splitting (a warning naming the split).
  public static let warnAbove = 9_000
  /// Above this, a file is refused unless its source declares a higher ceiling.
  public static let errorAbove = 15_000

  /// A higher ceiling one source declares, with the reason a reviewer reads.
  public struct Ceiling: Sendable, Equatable {
    public var rows: Int
    public var reason: String

    public init(rows: Int, reason: String) {
      self.rows = rows
      self.reason = reason
    }
  }

  /// Seconds the app spends seeding `rows`, for reports.
  public static func seedingSeconds(_ rows: Int) -> Double { Double(rows) / Double(rowsPerSecond) }

  /// `0.4 s`, one decimal.
  public static func seedingText(_ rows: Int) -> String {
    let tenths = (rows * 10 + rowsPerSecond / 2) / rowsPerSecond
    return "\(tenths / 10).\(tenths % 10) s"
  }

  /// The rules over any shape, one per severity (a rule's severity is fixed): `split` names what
  /// would split the file best.
  static func rules<C: Catalogue>(ceiling: Ceiling?, split: @escaping @Sendable (C) -> String) -> [ValidationRule<C>] {
    let limit = max(errorAbove, ceiling?.rows ?? errorAbove)
    return [
      ValidationRule("budget/rows", .warning) { c in
        let n = c.recordCount
        guard n > warnAbove, n <= limit else { return nil }
        return Finding(
          rule: "", severity: .warning, message: "\(cost(n)), more than \(warnAbove): split the file (\(split(c)))")
      },
      ValidationRule("budget/rows", .error) { c in
        let n = c.recordCount
        guard n > limit else { return nil }
        let declared = ceiling.map { " (the source's ceiling, \($0.rows): \($0.reason))" } ?? ""
        return Finding(
          rule: "", severity: .error,
          message:
            "\(cost(n)), more than \(limit)\(declared); the app is killed at about 15 s of launch: split the file (\(split(c)))"
        )
      },
    ]
  }

  static func cost(_ n: Int) -> String {
    "\(Plural.count(n, "row")) \(Plural.verb(n, "takes", "take")) about \(seedingText(n)) to seed at \(rowsPerSecond) rows a second"
  }

  /// The largest group of `keys`, as a split suggestion: `the largest series, games (1765 rows)`.
  static func largest(_ keys: [String], _ what: String) -> String {
    var counts: [String: Int] = [:]
    for k in keys { counts[k, default: 0] += 1 }
    guard let top = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) else { return "no \(what) to split by" }
    return "the largest \(what), \(top.key), holds \(Plural.count(top.value, "row"))"
  }
}
