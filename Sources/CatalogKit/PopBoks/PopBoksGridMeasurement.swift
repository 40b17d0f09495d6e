/// Measures one issue's tile grid by asking "is this tile there?" questions, without doing any I/O.
///
/// The grid is defined as the reference defines it: on the sampled pages (first, first + ⌊pages/2⌋,
/// last) and the measuring lines 0 and 1, walk along row L counting consecutive tiles from column 0
/// (up to column 7), and down column L counting from row 0 (up to row 11); the columns and
/// rows are the largest counts. Holes exist in real grids, which is why six lines are measured per
/// axis and the largest answer wins.
///
/// The reference asked all 121 tiles up front. This asks only what decides the answer: the value M
/// of an axis is proven once one line is seen whole up to M (every tile 0…M−1 present) and every
/// other line is seen stopping at or below M (one missing tile at an index ≤ M). Because the count
/// runs from index 0, each tile of the winning run must be seen anyway, so a gallop or bisection
/// saves nothing here; what saves requests is asking each other line only at its expected edge.
///
/// Use: call `nextProbes()`, answer every probe it returns with `record(_:_:)` (in any order,
/// possibly only some), repeat until it returns nothing, then read `result`. The first batch is
/// speculative: it assumes `expected` (the previous issue's grid) and asks everything that proves it
/// in one round, typically 24 probes with the cover. Later rounds follow the answers.
public struct PopBoksGridMeasurement: Sendable {
  /// The sampled site pages, sorted.
  public let pages: [Int]
  /// The grid the first round assumes.
  public let expected: PopBoksTileGrid
  /// Every decisive answer so far: true = the file exists.
  public private(set) var known: [PopBoksGridProbe: Bool] = [:]
  /// How many rounds of questions have been handed out.
  public private(set) var rounds = 0
  /// How many probes have been handed out, counting repeats of undecided ones.
  public private(set) var asked = 0
  private var speculated = false

  public init(pages: [Int], expected: PopBoksTileGrid = .viewer) {
    self.pages = Array(Set(pages)).sorted()
    self.expected = expected
  }

  public init(entry: PopBoksIndexEntry, expected: PopBoksTileGrid = .viewer) {
    self.init(pages: entry.sampledPages, expected: expected)
  }

  /// The two directions a grid is measured in.
  public enum Axis: String, Sendable, CaseIterable, Codable {
    /// Counted along a row (the line is the row index).
    case columns
    /// Counted down a column (the line is the column index).
    case rows

    public var limit: Int { self == .columns ? PopBoksTileGrid.columnLimit : PopBoksTileGrid.rowLimit }
  }

  /// One measuring line: a sampled page and line 0 or 1.
  public struct Line: Sendable, Hashable, Codable {
    public var page: Int
    public var line: Int
  }

  /// The reference's measuring lines.
  public static let measuringLines = [0, 1]

  /// Lines in the order they are tried: first page first, line 0 before line 1.
  public var lines: [Line] {
    pages.flatMap { p in Self.measuringLines.map { Line(page: p, line: $0) } }
  }

  public func probe(_ axis: Axis, _ line: Line, _ index: Int) -> PopBoksGridProbe { Self.probe(axis, line, index) }

  /// The tile at `index` along `line` in the direction of `axis`.
  public static func probe(_ axis: Axis, _ line: Line, _ index: Int) -> PopBoksGridProbe {
    switch axis {
    case .columns: .tile(page: line.page, column: index, row: line.line)
    case .rows: .tile(page: line.page, column: line.line, row: index)
    }
  }

  func state(_ axis: Axis, _ line: Line, _ index: Int) -> Bool? { known[probe(axis, line, index)] }

  /// Consecutive tiles known present from index 0.
  func prefix(_ axis: Axis, _ line: Line) -> Int {
    var n = 0
    while n <= axis.limit, state(axis, line, n) == true { n += 1 }
    return n
  }

  /// The first index known missing, or limit + 1: the line's count cannot be larger.
  func stop(_ axis: Axis, _ line: Line) -> Int {
    (0...axis.limit).first { state(axis, line, $0) == false } ?? axis.limit + 1
  }

  /// The largest count proven on some line.
  func proven(_ axis: Axis) -> Int { lines.map { prefix(axis, $0) }.max() ?? 0 }

  /// The axis's value, once every line is known to stop at or below the proven count.
  public func value(_ axis: Axis) -> Int? {
    let lb = proven(axis)
    return lines.allSatisfy({ stop(axis, $0) <= lb }) ? lb : nil
  }

  func expectedCount(_ axis: Axis) -> Int {
    let e = axis == .columns ? expected.columns : expected.rows
    return min(max(e, 1), axis.limit + 1)
  }

  /// The first round: everything that proves `expected` at once.
  func speculativeProbes(_ axis: Axis) -> [PopBoksGridProbe] {
    let e = expectedCount(axis)
    var out: [PopBoksGridProbe] = []
    for (n, line) in lines.enumerated() {
      if n == 0 { out += (0..<e).map { probe(axis, line, $0) } }
      if e <= axis.limit { out.append(probe(axis, line, e)) }
    }
    return out
  }

  /// What this axis needs next, from what is known. Never empty while the axis is undecided.
  func neededProbes(_ axis: Axis) -> [PopBoksGridProbe] {
    let lb = proven(axis)
    let open = lines.filter { stop(axis, $0) > lb }
    guard !open.isEmpty else { return [] }
    let e = expectedCount(axis)
    // A line with a tile present beyond the proven count may be longer: see it whole first.
    if let c = open.first(where: { state(axis, $0, lb) == true }) {
      let top = min(max(lb + 1, e), axis.limit, stop(axis, c) - 1)
      return (0...top).filter { state(axis, c, $0) == nil }.map { probe(axis, c, $0) }
    }
    // The line that proved the count has not been seen to end: look one tile further.
    if let leader = open.first(where: { prefix(axis, $0) == lb }) {
      return [probe(axis, leader, lb)]
    }
    // The count met the expectation: every other line only needs its tile at the edge.
    if lb >= e {
      return open.map { probe(axis, $0, lb) }
    }
    // Short of the expectation: a hole or a smaller page. Ask one line at a time whether it goes
    // further, so a hole on the first line does not send every line on a walk.
    return [probe(axis, open[0], lb)]
  }

  /// The next questions, sorted; empty when the measurement is finished.
  public mutating func nextProbes() -> [PopBoksGridProbe] {
    var wanted = Set<PopBoksGridProbe>()
    if !speculated {
      speculated = true
      wanted.insert(.cover)
      for axis in Axis.allCases { wanted.formUnion(speculativeProbes(axis)) }
    } else {
      if known[.cover] == nil { wanted.insert(.cover) }
      for axis in Axis.allCases { wanted.formUnion(neededProbes(axis)) }
    }
    let out = wanted.filter { known[$0] == nil }.sorted()
    if !out.isEmpty {
      rounds += 1
      asked += out.count
    }
    return out
  }

  /// Takes one answer. Returns false when the answer decided nothing (ask again later).
  @discardableResult
  public mutating func record(_ probe: PopBoksGridProbe, _ answer: PopBoksProbeAnswer) -> Bool {
    switch answer {
    case .present: known[probe] = true
    case .missing: known[probe] = false
    case .undecided: return false
    }
    return true
  }

  /// The measured grid with the probes that prove it, once finished.
  public var result: PopBoksGridResult? {
    guard let cover = known[.cover], let columns = value(.columns), let rows = value(.rows) else { return nil }
    return PopBoksGridResult(
      grid: PopBoksTileGrid(columns: columns, rows: rows), coverPresent: cover,
      evidence: PopBoksGridEvidence(
        pages: pages, expected: expected, columns: proof(.columns, columns), rows: proof(.rows, rows),
        tiles: known.compactMap { probe, present in
          guard case .tile(let p, let c, let r) = probe else { return nil }
          return PopBoksGridEvidence.Tile(page: p, column: c, row: r, present: present)
        }.sorted(), rounds: rounds, asked: asked))
  }

  func proof(_ axis: Axis, _ value: Int) -> PopBoksGridEvidence.AxisProof {
    let run = value > 0 ? lines.first { prefix(axis, $0) == value } : nil
    return PopBoksGridEvidence.AxisProof(
      value: value, run: run,
      stops: lines.map { line in
        let s = stop(axis, line)
        return PopBoksGridEvidence.Stop(page: line.page, line: line.line, missingAt: s <= axis.limit ? s : nil)
      })
  }
}

/// A finished measurement.
public struct PopBoksGridResult: Sendable, Equatable, Codable {
  public var grid: PopBoksTileGrid
  /// False when `…/<issue>/1/icon.jpg` is missing; the app cannot shelve an issue without it.
  public var coverPresent: Bool
  public var evidence: PopBoksGridEvidence

  public init(grid: PopBoksTileGrid, coverPresent: Bool, evidence: PopBoksGridEvidence) {
    self.grid = grid
    self.coverPresent = coverPresent
    self.evidence = evidence
  }
}

extension PopBoksGridResult {
  /// The probes an axis's value turns on: on the line that proved it, the last tile there and the
  /// first one missing (only the missing one when no line has tile 0, only the last one there when
  /// the line runs to the limit). A value that moves moves one of them; the rest of the proof
  /// (every other line's stop) is in `evidence`.
  public func edge(_ axis: PopBoksGridMeasurement.Axis) -> [PopBoksGridProbe] {
    let proof = axis == .columns ? evidence.columns : evidence.rows
    guard let line = proof.run ?? proof.stops.first.map({ .init(page: $0.page, line: $0.line) }) else { return [] }
    var out: [PopBoksGridProbe] = []
    if proof.value > 0 { out.append(PopBoksGridMeasurement.probe(axis, line, proof.value - 1)) }
    if proof.value <= axis.limit { out.append(PopBoksGridMeasurement.probe(axis, line, proof.value)) }
    return out
  }
}

/// Which probes proved a grid: for each axis the line seen whole up to the value, and where each
/// measuring line was seen to stop; plus every tile answer, so a report can draw them.
public struct PopBoksGridEvidence: Sendable, Equatable, Codable {
  public struct AxisProof: Sendable, Equatable, Codable {
    public var value: Int
    /// The line whose tiles 0…value−1 were all present (nil when the value is 0).
    public var run: PopBoksGridMeasurement.Line?
    /// Every measuring line and the first missing index seen on it (nil: present up to the limit).
    public var stops: [Stop]
  }

  public struct Stop: Sendable, Equatable, Codable {
    public var page: Int
    public var line: Int
    public var missingAt: Int?
  }

  public struct Tile: Sendable, Equatable, Codable, Comparable {
    public var page: Int
    public var column: Int
    public var row: Int
    public var present: Bool

    public static func < (a: Tile, b: Tile) -> Bool { (a.page, a.row, a.column) < (b.page, b.row, b.column) }
  }

  public var pages: [Int]
  /// The grid the first round assumed.
  public var expected: PopBoksTileGrid
  public var columns: AxisProof
  public var rows: AxisProof
  public var tiles: [Tile]
  public var rounds: Int
  /// Probes handed out, repeats of undecided answers included.
  public var asked: Int
}
