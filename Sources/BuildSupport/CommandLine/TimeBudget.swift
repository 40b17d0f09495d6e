/// `--max-time`'s value: a length of time written as whole units (`90s`, `45m`, `5h`, `5h30m`, `2d`;
/// a bare number is seconds), from one second to thirty days.
public enum TimeBudget {
  public static let range: ClosedRange<Int> = 1...(30 * 86_400)

  public static func seconds(_ text: String) -> Int? {
    guard !text.isEmpty else { return nil }
    if let n = Int(text), text.allSatisfy(\.isASCII) { return range.contains(n) ? n : nil }
    var total = 0
    var digits = ""
    var lastUnit = Int.max
    for ch in text {
      if ch.isASCII, ch.isNumber {
        digits.append(ch)
        continue
      }
      let unit: Int
      switch ch {
      case "d": unit = 86_400
      case "h": unit = 3_600
      case "m": unit = 60
      case "s": unit = 1
      default: return nil
      }
      // Units in falling order, each once: `5h30m`, not `30m5h` or `1h1h`.
      guard unit < lastUnit, digits.count <= 9, let n = Int(digits) else { return nil }
      let (part, o1) = n.multipliedReportingOverflow(by: unit)
      let (sum, o2) = total.addingReportingOverflow(part)
      guard !o1, !o2 else { return nil }
      total = sum
      lastUnit = unit
      digits = ""
    }
    guard digits.isEmpty, range.contains(total) else { return nil }
    return total
  }
}
