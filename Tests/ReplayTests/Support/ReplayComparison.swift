import CatalogKit
import Foundation
import XCTest

/// The built catalogue against the reference, record by record and field by field, over the records
/// the corpus covers; every difference is classified by the first explanation that claims it.
struct ReplayComparison {
  struct Classified {
    var difference: ReplayDifference
    var explanation: ReplayExplanation?
  }

  var source: String
  var referenceFile: String
  var explanations: [ReplayExplanation]
  var notes: [String]
  /// Record pairs compared (either side may be missing).
  private(set) var pairs: [(built: ReplayRecord?, reference: ReplayRecord?)] = []
  private(set) var differences: [Classified] = []
  /// Records outside the corpus, left out of the comparison, by kind: reference records the corpus
  /// does not cover, and built records that are neither in the reference nor covered.
  private(set) var outside: [ReplayRecord.Kind: Int] = [:]

  var unexplained: [ReplayDifference] { differences.filter { $0.explanation == nil }.map(\.difference) }

  /// - Parameter covers: whether the corpus covers a record (asked of reference records, and of
  ///   built records the reference does not have); records it does not cover are not compared.
  init(
    source: String, referenceFile: String, built: AnyCatalogue, reference: AnyCatalogue,
    covers: (ReplayRecord) -> Bool = { _ in true }, explanations: [ReplayExplanation], notes: [String] = []
  ) {
    self.init(
      source: source, referenceFile: referenceFile, builtRecords: ReplayRecord.records(of: built),
      referenceRecords: ReplayRecord.records(of: reference), covers: covers, explanations: explanations, notes: notes)
  }

  /// The same over records a test assembled itself (a partial replay of one step of a build).
  init(
    source: String, referenceFile: String, builtRecords: [ReplayRecord], referenceRecords: [ReplayRecord],
    covers: (ReplayRecord) -> Bool = { _ in true }, explanations: [ReplayExplanation], notes: [String] = []
  ) {
    self.source = source
    self.referenceFile = referenceFile
    self.explanations = explanations
    self.notes = notes
    func id(_ r: ReplayRecord) -> String { r.kind.rawValue + "/" + r.key }
    let builtByID = Dictionary(builtRecords.map { (id($0), $0) }, uniquingKeysWith: { a, _ in a })
    let referenceIDs = Set(referenceRecords.map(id))
    for r in referenceRecords {
      guard covers(r) else {
        outside[r.kind, default: 0] += 1
        continue
      }
      pairs.append((builtByID[id(r)], r))
    }
    for b in builtRecords where !referenceIDs.contains(id(b)) {
      if covers(b) { pairs.append((b, nil)) } else { outside[b.kind, default: 0] += 1 }
    }
    for pair in pairs {
      for d in Self.differences(pair.built, pair.reference) {
        differences.append(Classified(difference: d, explanation: explanations.first { $0.applies(d) }))
      }
    }
  }

  private static func differences(_ b: ReplayRecord?, _ r: ReplayRecord?) -> [ReplayDifference] {
    guard let any = b ?? r else { return [] }
    guard let b, let r else {
      return [
        ReplayDifference(
          kind: any.kind, key: any.key, field: "record", built: b.map { _ in .string("present") },
          reference: r.map { _ in .string("present") }, builtRecord: b, referenceRecord: r)
      ]
    }
    return Set(b.fields.keys).union(r.fields.keys).sorted().compactMap { f in
      b.fields[f] == r.fields[f]
        ? nil
        : ReplayDifference(
          kind: b.kind, key: b.key, field: f, built: b.fields[f], reference: r.fields[f], builtRecord: b,
          referenceRecord: r)
    }
  }

  /// Fails the test, listing each one, when a difference is claimed by no explanation.
  func assertEveryDifferenceIsExplained(file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertFalse(pairs.isEmpty, "\(source): nothing was compared", file: file, line: line)
    let u = unexplained
    guard !u.isEmpty else { return }
    let list = u.prefix(40).map {
      "  \($0.kind.rawValue) \($0.key) \($0.field): built \(Self.cell($0.built)), reference \(Self.cell($0.reference))"
    }
    XCTFail(
      "\(source): \(u.count) unexplained difference(s) from \(referenceFile):\n" + list.joined(separator: "\n"),
      file: file, line: line)
  }

  /// Prints the table (see docs/replay.md for how to read it).
  func print() {
    Swift.print(render())
  }
}
