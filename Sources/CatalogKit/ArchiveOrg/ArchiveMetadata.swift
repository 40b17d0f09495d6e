import Foundation

/// An item's `metadata` object, every field read loosely (string, array of strings, or integer).
public struct ArchiveMetadata: Sendable, Equatable {
  /// The item's identifier, the one required field.
  public var identifier: String
  /// Every field as its loose text values, keyed as archive.org names them (`title`, `date`,
  /// `language`, `collection`…). A field whose value is an object or a boolean has no values.
  public var fields: [String: [String]]

  public init(identifier: String, fields: [String: [String]] = [:]) {
    self.identifier = identifier
    self.fields = fields
  }

  /// All loose values of a field; empty when absent.
  public func values(_ field: String) -> [String] { fields[field] ?? [] }

  /// The first loose value of a field, trimmed; nil when absent or empty.
  public func first(_ field: String) -> String? {
    guard let v = values(field).first?.trimmingCharacters(in: .whitespacesAndNewlines), !v.isEmpty
    else { return nil }
    return v
  }

  /// The first title value, trimmed; the identifier when the item has none.
  public var title: String { first("title") ?? identifier }

  /// The cover date from the first `date` value, when it starts with a plausible year.
  public var date: ArchiveDate? { first("date").flatMap(ArchiveDate.init(parsing:)) }

  /// The first `mediatype` value, lowercased (`texts`, `image`, `software`…).
  public var mediatype: String? { first("mediatype")?.lowercased() }

  /// Every `subject` value.
  public var subjects: [String] { values("subject") }
}
