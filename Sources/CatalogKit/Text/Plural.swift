/// Counted nouns for what people read: "1 issue", "2 issues", "1 series", "2 series". Every
/// message that puts a number before a noun goes through here, so none says "1 issues".
public enum Plural {
  /// The noun for `count`: `singular` for exactly one, else `plural` (default: `singular` + "s").
  public static func noun(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    count == 1 ? singular : plural ?? singular + "s"
  }

  /// `count` and its noun: `Plural.count(1, "issue")` is "1 issue"; `Plural.count(3, "issue")` is
  /// "3 issues". `number` formats the count (a thousands separator, say) without changing the choice.
  public static func count(
    _ count: Int, _ singular: String, _ plural: String? = nil, number: (Int) -> String = { String($0) }
  ) -> String {
    number(count) + " " + noun(count, singular, plural)
  }
}

extension Plural {
  /// The verb that agrees with `count` of something: `Plural.verb(1, "has", "have")` is "has".
  /// "1 issue has a month but no year", "3 issues have …".
  public static func verb(_ count: Int, _ singular: String, _ plural: String) -> String {
    count == 1 ? singular : plural
  }
}

extension Plural {
  /// Small counts in words, as a sentence says them ("none of the seven files").
  public static func spelled(_ n: Int) -> String {
    let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    return words.indices.contains(n) ? words[n] : String(n)
  }
}
