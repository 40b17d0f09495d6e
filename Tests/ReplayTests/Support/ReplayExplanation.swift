import CatalogKit

/// A documented rule that explains a class of differences. Every difference must be claimed by one
/// rule or the replay fails; the rules are listed, with their reasons, in docs/replay.md.
struct ReplayExplanation: Sendable {
  enum Kind: String, Sendable {
    /// The corpus holds only part of what the real build reads (a page, a file, an answer is not
    /// saved), so the build cannot know what the reference knew.
    case partialCorpus = "partial corpus"
    /// The build deliberately does better than the earlier toolchain did.
    case improvement = "improvement"
  }

  /// A short name, printed in the table next to each difference it claims.
  var rule: String
  var kind: Kind
  /// Why the difference is expected, in one or two sentences.
  var reason: String
  var applies: @Sendable (ReplayDifference) -> Bool

  static func partialCorpus(
    _ rule: String, _ reason: String, where applies: @escaping @Sendable (ReplayDifference) -> Bool
  ) -> ReplayExplanation {
    ReplayExplanation(rule: rule, kind: .partialCorpus, reason: reason, applies: applies)
  }

  static func improvement(
    _ rule: String, _ reason: String, where applies: @escaping @Sendable (ReplayDifference) -> Bool
  ) -> ReplayExplanation {
    ReplayExplanation(rule: rule, kind: .improvement, reason: reason, applies: applies)
  }
}
