import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// Small catalogues built in code for rule and diff tests, and access to the reference files in place.
enum CatalogueTestData {
  /// A valid RetroSpec-like catalogue: two series, numbered 1…n, dated in order, one dead row.
  static func retroSpec() -> IssueCatalogue {
    IssueCatalogue(
      generated: "2026-11-30", base: "https://retrospec.elite.org/pcsux/",
      series: [
        Series(key: "SK", name: "Svet kompjutera", code: "SK", language: "serbian"),
        Series(key: "RI", name: "Računari", code: "RI", language: "serbian"),
      ],
      issues: [
        Issue(
          id: "SK_84_10", series: "SK", number: 1, title: "Oktobar 1984", year: 1984, month: 10,
          zip: "SKH/ZIP/1984_10.zip", cover: "SKH/COVER/1984_10.jpg", bytes: 17_766_642, pages: 84),
        Issue(
          id: "SK_84_11", series: "SK", number: 2, title: "Novembar 1984", year: 1984, month: 11,
          zip: "SKH/ZIP/1984_11.zip", cover: "SKH/COVER/1984_11.jpg", bytes: 18_000_000, pages: 84),
        Issue(
          id: "SK_84_12", series: "SK", number: 3, title: "Decembar 1984", year: 1984, month: 12,
          zip: "SKH/ZIP/1984_12.zip", cover: "SKH/COVER/1984_12.jpg", dead: true),
        Issue(
          id: "RI_85_01", series: "RI", number: 1, title: "Januar 1985", year: 1985, month: 1,
          zip: "RIH/ZIP/1985_01.zip", bytes: 9_000_000),
      ])
  }

  static func ritam() -> PopBoksCatalogue {
    PopBoksCatalogue(
      generated: "2026-11-30", base: "https://www.popboks.com/", magazine: "ritam",
      issues: [
        PopBoksIssue(
          id: 155, number: 1, title: "Ritam 1", label: "1", year: 1989, month: 2, firstPage: 1, pages: 68,
          columns: 5, rows: 8),
        PopBoksIssue(
          id: 156, number: 2, title: "Ritam 2", label: "2", year: 1989, month: 3, firstPage: 1, pages: 100,
          columns: 5, rows: 8),
      ])
  }

  static func stripovi() -> StripoviCatalogue {
    StripoviCatalogue(
      generated: "2026-11-30", base: "https://www.stripovi.com/",
      comics: [
        Comic(
          id: 2, title: "Lumen & Kremen", number: 1, pages: 16, cover: "images/TN_lumen-img.jpg",
          creators: "S. G. (scenarij i crtež)", date: "13.4.2011. 13:57:37", dir: "webcomics/lumen&kremen",
          prefix: "lumen&kremen1", width: 2, ext: ".jpg"),
        Comic(
          id: 11, title: "Prva", series: "Niz", number: 1, pages: 8, cover: "images/TN_niz1.jpg",
          creators: "I. C. (crtež)", date: "1.9.2011.", lead: "Početak", dir: "webcomics/Niz", prefix: "Niz1_",
          width: 3, ext: ".jpg"),
        Comic(
          id: 14, title: "Druga", series: "Niz", number: 2, pages: 9, cover: "images/TN_niz2.jpg",
          creators: "I. C. (crtež)", date: "1.10.2011.", dir: "webcomics/Niz", prefix: "Niz2_", width: 3,
          ext: ".jpg"),
      ])
  }

  /// Names of the reference catalogues beside the project (skips when ../shared is absent).
  static func referenceFiles() throws -> [URL] {
    let folder = try TestPaths.shared("reference-catalogs")
    return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  static func reference(_ name: String) throws -> (bytes: [UInt8], catalogue: AnyCatalogue) {
    let url = try TestPaths.shared("reference-catalogs/" + name)
    let bytes = [UInt8](try Data(contentsOf: url))
    return (bytes, try CatalogueFile.decode(bytes, file: name))
  }

  static func referenceIssues(_ name: String) throws -> IssueCatalogue {
    guard case .issue(let c) = try reference(name).catalogue else {
      XCTFail("\(name) is not an issue catalogue")
      throw XCTSkip("wrong shape")
    }
    return c
  }
}

extension ValidationReport {
  /// The finding of one rule, if it failed.
  func finding(_ rule: String) -> Finding? { findings.first { $0.rule == rule } }
}
