import CatalogKit
import Foundation
import ShelfmarkTestSupport

/// One record as the replay compares it: the catalogue header, a series, an issue or a comic, keyed
/// the way a reader finds it again in the other catalogue, with its fields as the diff sees them
/// (`DiffableRecord`, absent optionals left out).
struct ReplayRecord: Sendable {
  enum Kind: String, Sendable, CaseIterable {
    case catalogue, series, issue, comic
  }

  var kind: Kind
  /// The issue or comic id, the series key, or `header` for the catalogue.
  var key: String
  var fields: [String: FieldValue]

  /// The series key of an issue (nil for other kinds), for rules that cover whole series.
  var series: String? {
    guard kind == .issue, case .string(let s)? = fields["series"] else { return nil }
    return s
  }

  init(kind: Kind, key: String, fields: [(String, FieldValue)]) {
    self.kind = kind
    self.key = key
    self.fields = Dictionary(fields, uniquingKeysWith: { a, _ in a })
  }

  /// Every record of a catalogue, in the file's order: header, series, then issues or comics.
  static func records(of catalogue: AnyCatalogue) -> [ReplayRecord] {
    var header: [(String, FieldValue)] = [
      ("version", .int(Int64(catalogue.version))), ("generated", .string(catalogue.generated)),
      ("base", .string(catalogue.base)),
    ]
    switch catalogue {
    case .issue(let c):
      return [ReplayRecord(kind: .catalogue, key: "header", fields: header)]
        + c.series.map { ReplayRecord(kind: .series, key: $0.key, fields: $0.diffFields) }
        + c.issues.map { ReplayRecord(kind: .issue, key: $0.id, fields: $0.diffFields) }
    case .popboks(let c):
      header.append(("magazine", .string(c.magazine)))
      return [ReplayRecord(kind: .catalogue, key: "header", fields: header)]
        + c.issues.map { ReplayRecord(kind: .issue, key: String($0.id), fields: $0.diffFields) }
    case .stripovi(let c):
      return [ReplayRecord(kind: .catalogue, key: "header", fields: header)]
        + c.comics.map { ReplayRecord(kind: .comic, key: String($0.id), fields: $0.diffFields) }
    }
  }
}

extension ReplayRecord {
  /// A `covers` predicate for a build of some series only: the header, those series and their issues.
  static func inSeries(_ keys: Set<String>) -> @Sendable (ReplayRecord) -> Bool {
    { r in
      switch r.kind {
      case .catalogue: true
      case .series: keys.contains(r.key)
      case .issue: r.series.map(keys.contains) ?? false
      case .comic: false
      }
    }
  }
}
