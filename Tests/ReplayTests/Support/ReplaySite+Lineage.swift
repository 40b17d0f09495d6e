import Foundation
import ShelfmarkTestSupport

extension LineageCoverage {
  /// The replay build's lineage, beside its report (a partial build, `--only`, keeps none in its
  /// cache), covers `file` as it was written.
  static func assertCovers(_ site: ReplaySite, _ file: String, line: UInt = #line) throws {
    try assertCovers(
      lineage: site.dir.appendingPathComponent("report.lineage.jsonl.xz"),
      catalogue: site.out.appendingPathComponent(file),
      line: line)
  }
}
