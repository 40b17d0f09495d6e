import CatalogKit
import Foundation
import XCTest

/// The lineage a build wrote covers every row and every field of the catalogue it wrote, and every
/// answer it names is one the cache holds.
public enum LineageCoverage {
  /// `lineage`: the build's lineage file; `catalogue`: the file it wrote (named `file` in the lineage).
  public static func assertCovers(lineage path: URL, catalogue: URL, line: UInt = #line) throws {
    let file = catalogue.lastPathComponent
    let lineage = try LineageFile.decode([UInt8](try Data(contentsOf: path)))
    let rows = lineage.rows(of: file)
    let built = try CatalogueFile.decode([UInt8](try Data(contentsOf: catalogue)), file: catalogue.path)
    var fromAnswers = 0
    for (id, fields) in built.lineageRows {
      guard let row = rows[id] else {
        XCTFail("\(file): row \(id) has no lineage", line: line)
        continue
      }
      for field in fields {
        guard let origin = row.fields[field] else {
          XCTFail("\(file): \(id).\(field) names no answer", line: line)
          continue
        }
        let cited = lineage.answers(for: origin)
        XCTAssertEqual(cited.count, origin.numbers.count, "\(file): \(id).\(field) cites a missing answer", line: line)
        if !cited.isEmpty { fromAnswers += 1 }
        for a in cited {
          XCTAssertNotNil(a.status, "\(file): \(id).\(field): \(a.request) is not in the cache", line: line)
          XCTAssertNotNil(a.fetched, "\(file): \(id).\(field): \(a.request) has no fetch time", line: line)
          if a.method == "GET" { XCTAssertNotNil(a.sha256, "\(a.request) has no digest", line: line) }
        }
      }
    }
    XCTAssertEqual(rows.count, built.lineageRows.count, "\(file): lineage rows vs catalogue rows", line: line)
    // A file of rows the tool itself declares (BombJack's Joystik run alone) cites no answer.
    let declaredOnly = rows.values.allSatisfy { $0.fields.values.allSatisfy { $0 == .tool } }
    if !declaredOnly { XCTAssertGreaterThan(fromAnswers, 0, "\(file): no field came from an answer", line: line) }
  }
}

extension AnyCatalogue {
  /// Each row's id and the fields it has.
  public var lineageRows: [(String, [String])] {
    switch self {
    case .issue(let c): c.issues.map { ($0.id, $0.diffFields.map(\.0)) }
    case .popboks(let c): c.issues.map { (String($0.id), $0.diffFields.map(\.0)) }
    case .stripovi(let c): c.comics.map { (String($0.id), $0.diffFields.map(\.0)) }
    }
  }
}
