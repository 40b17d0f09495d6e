import CatalogKit

/// One field of one record that differs between the built catalogue and the reference, or a record
/// present on one side only (`field` is `record` then).
struct ReplayDifference: Sendable {
  var kind: ReplayRecord.Kind
  var key: String
  var field: String
  /// Nil when the field (or the record) is absent from the built catalogue.
  var built: FieldValue?
  var reference: FieldValue?
  /// The whole records, for rules that look at other fields (a series key, a year).
  var builtRecord: ReplayRecord?
  var referenceRecord: ReplayRecord?

  /// `issue.title`, `series.name`, `catalogue.generated`.
  var qualifiedField: String { kind.rawValue + "." + field }

  /// The series of the issue, from whichever side has it.
  var series: String? { builtRecord?.series ?? referenceRecord?.series }
}

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
