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
