import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

/// The real masks quoted in the corpus, and the catalogues the earlier toolchain shipped, read in place.
final class SpectrumCorpusTests: XCTestCase {
  /// Splits one CSV line with double-quoted fields (doubled quotes inside).
  private func fields(_ line: String) -> [String] {
    var out: [String] = []
    var field = ""
    var quoted = false
    var chars = Array(line)
    chars.append(",")
    var i = 0
    while i < chars.count {
      let c = chars[i]
      if quoted {
        if c == "\"" {
          if i + 1 < chars.count, chars[i + 1] == "\"" {
            field.append("\"")
            i += 1
          } else {
            quoted = false
          }
        } else {
          field.append(c)
        }
      } else if c == "\"" {
        quoted = true
      } else if c == "," {
        out.append(field)
        field = ""
      } else {
        field.append(c)
      }
      i += 1
    }
    return out
  }

  func testTheRealMasksExpandToTheURLsTheCorpusRecords() throws {
    let text = String(decoding: try TestPaths.corpus("zxdb/archive_mask_examples.csv"), as: UTF8.self)
    let lines = text.split(whereSeparator: \.isNewline).map(String.init)
    XCTAssertEqual(fields(lines[0]).prefix(9).last, "expanded_url")
    var checked = 0
    for line in lines.dropFirst() {
      let f = fields(line)
      guard f.count >= 9 else { continue }
      let fieldsOfIssue = SpectrumMaskFields(
        number: Int(f[2]), volume: Int(f[3]), year: Int(f[4]), month: Int(f[5]), special: f[6].isEmpty ? nil : f[6],
        supplement: f[7].isEmpty ? nil : f[7])
      XCTAssertEqual(try SpectrumMask(f[1]).expand(fieldsOfIssue), f[8], f[0])
      checked += 1
    }
    XCTAssertEqual(checked, 4)
  }

  func testRealLinkMasksNeedThePageTokenArchiveMasksDoNotHave() throws {
    let text = String(decoding: try TestPaths.corpus("zxdb/magazines_link_mask_observed.csv"), as: UTF8.self)
    for line in text.split(whereSeparator: \.isNewline).dropFirst() {
      let f = fields(String(line))
      guard f.count == 2, f[1] != "NULL" else { continue }
      XCTAssertThrowsError(
        try SpectrumMask(f[1]).expand(SpectrumMaskFields(number: 1, year: 1984, month: 2, day: 3)), f[0]
      ) { error in
        XCTAssertEqual((error as? SpectrumMaskError)?.reason, "unknown token {p5}", f[0])
      }
    }
  }

  private func reference(_ file: String) throws -> IssueCatalogue {
    let url = try TestPaths.shared("reference-catalogs/" + file)
    return try JSONDecoder().decode(IssueCatalogue.self, from: Data(contentsOf: url))
  }

  func testTheShippedCataloguesPassOurRules() throws {
    for group in SpectrumGroup.allCases {
      let c = try reference(group.fileName)
      XCTAssertEqual(SpectrumRules.rules().compactMap { $0.evaluate(c) }, [], group.fileName)
    }
  }

  func testTheShippedOrderFollowsOurSortRule() throws {
    for group in SpectrumGroup.allCases {
      let c = try reference(group.fileName)
      let names = Dictionary(uniqueKeysWithValues: c.series.map { ($0.key, $0) })
      let rows = c.issues.map { i -> SpectrumPlannedRow in
        // The shipped `number` is the counter; the ZXDB number survives in "Issue N" titles.
        let zxdbNumber = i.title.hasPrefix("Issue ") ? Int(i.title.dropFirst(6).prefix { $0.isNumber }) : nil
        let id = i.id.hasPrefix("book-") ? String(i.id.dropFirst(5)) : i.id
        return SpectrumPlannedRow(
          id: i.id, sortID: id, series: names[i.series] ?? Series(key: i.series, name: "", code: ""),
          location: SpectrumArchiveLocation(identifier: "", file: ""), year: i.year, month: i.month, number: zxdbNumber)
      }
      XCTAssertEqual(rows.sorted(by: SpectrumPlannedRow.sortsBefore).map(\.id), rows.map(\.id), group.fileName)
      XCTAssertEqual(c.series.map(\.key), c.series.map(\.key).sorted(), group.fileName)
    }
  }

  func testTheShippedSeriesKeysAreOurSlugs() throws {
    for group in SpectrumGroup.allCases {
      for s in try reference(group.fileName).series {
        if group == .books {
          XCTAssertEqual(SpectrumSlug.make(s.name), s.key)
        } else {
          let id = Int(s.key.split(separator: "-").last ?? "") ?? -1
          XCTAssertEqual(SpectrumSlug.seriesKey(magazineName: s.name, id: id), s.key)
        }
      }
    }
  }
}
