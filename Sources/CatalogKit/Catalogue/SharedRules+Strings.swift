extension SharedRules {
  /// The longest string a catalogue may carry: the longest in any shipped catalogue is a BombJack
  /// title of 1,663 characters; a title or path ten times as long is a page read wrong, not a name.
  public static let longestString = 4096

  /// Why a catalogue string is unfit to ship (too long, or holding a control character: C0, DEL or
  /// C1, which no title or path has and which break the app's one-line labels), or nil.
  static func stringProblem(_ s: String) -> String? {
    var count = 0
    for ch in s.unicodeScalars {
      count += 1
      if count > longestString { return "is longer than \(longestString) characters" }
      if ch.value < 0x20 || (0x7F...0x9F).contains(ch.value) {
        return "holds the control character U+\(String(ch.value, radix: 16, uppercase: true).leftPadded(4))"
      }
    }
    return nil
  }

  /// `strings/clean` for any shape: every string field of every record, named `(field, value)`.
  static func cleanStringsRule<C: Catalogue>(
    _ strings: @escaping @Sendable (C) -> [(record: String, fields: [(name: String, value: String)])]
  ) -> ValidationRule<C> {
    ValidationRule("strings/clean") { c in
      var bad: [String] = []
      var first: String? = nil
      for r in strings(c) {
        for f in r.fields {
          guard let problem = stringProblem(f.value) else { continue }
          bad.append(r.record)
          if first == nil { first = "\(r.record): \(f.name) \(problem)" }
          break
        }
      }
      return finding(bad) {
        "\(Plural.count($0, "record")) \(Plural.verb($0, "has", "have")) a string no catalogue may ship (\(first ?? ""))"
      }
    }
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
