/// Aligned plain-text columns for what people read (`catalog stats`, `catalog diff`): the first
/// column left-aligned, the others right-aligned (they hold numbers), two spaces between columns.
public struct TextTable: Sendable {
  public var header: [String]
  public var rows: [[String]]
  /// Columns aligned left; by default only the first.
  public var leftAligned: Set<Int>

  public init(header: [String], rows: [[String]] = [], leftAligned: Set<Int> = [0]) {
    self.header = header
    self.rows = rows
    self.leftAligned = leftAligned
  }

  public mutating func append(_ row: [String]) { rows.append(row) }

  /// The table with each line indented by `indent`, no trailing spaces, lines joined by `\n`.
  public func render(indent: String = "") -> String {
    let all = header.isEmpty ? rows : [header] + rows
    let columns = all.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columns)
    for row in all {
      for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
    }
    return all.map { row in
      var line = indent
      for (i, cell) in row.enumerated() {
        let pad = String(repeating: " ", count: widths[i] - cell.count)
        if i > 0 { line += "  " }
        line += leftAligned.contains(i) ? cell + pad : pad + cell
      }
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }
}
