import Foundation

/// A Ritam label such as `8 / 9 - Avg-Sep '91.` read into designation, year and month
/// (spec: sources/popboks.md, "Label parsing").
public struct PopBoksRitamLabel: Sendable, Equatable {
  /// What the issue is called on the shelf: `8/9`, `Specijal`.
  public var designation: String
  /// 1900 + the two digits after the first `'`; 0 when there are none (validation rejects it).
  public var year: Int
  /// The month named earliest in the label, or nil.
  public var month: Int?

  /// Croatian/Serbian month abbreviations, January first.
  static let months = ["jan", "feb", "mar", "apr", "maj", "jun", "jul", "avg", "sep", "okt", "nov", "dec"]

  public init(_ label: String) {
    let chars = Array(label)
    if let q = chars.firstIndex(of: "'"), q + 2 < chars.count, chars[q + 1].isASCII, chars[q + 2].isASCII,
      let d1 = chars[q + 1].wholeNumberValue, let d2 = chars[q + 2].wholeNumberValue
    {
      year = 1900 + d1 * 10 + d2
    } else {
      year = 0
    }

    let lower = label.lowercased()
    var best: (offset: Int, month: Int)?
    for (n, name) in Self.months.enumerated() {
      guard let r = lower.range(of: name) else { continue }
      let offset = lower.distance(from: lower.startIndex, to: r.lowerBound)
      if best == nil || offset < (best?.offset ?? Int.max) { best = (offset, n + 1) }
    }
    month = best?.month

    let head: Substring
    if let dash = label.range(of: " - ") {
      head = label[..<dash.lowerBound]
    } else if let quote = label.firstIndex(of: "'") {
      head = label[..<quote]
    } else {
      head = label[...]
    }
    designation = head.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " / ", with: "/")
  }
}
