import CatalogKit
import Foundation

/// `--plan`: what a build of each group would ask archive.org for, and why rows fall out.
enum PlanReport {
  static func run(_ ctx: BuildContext) async throws {
    let out = Out(printer: ctx.printer)
    let (store, _) = try await DumpSource.open(ctx)
    for group in SpectrumGroup.allCases {
      let plan = try SpectrumCrawl.plan(group, store)
      out.heading("\(group.displayName) (\(group.fileName))")
      out.line("planned rows        \(plan.rows.count)")
      out.line("archive.org items   \(plan.identifiers.count)")
      out.line("series              \(plan.seriesCount)")
      if plan.skipped.isEmpty {
        out.line("rows not planned    0")
      } else {
        out.line("rows not planned    \(plan.skipped.values.reduce(0, +)):")
        for (reason, n) in plan.skipped.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
          out.line("  \(Out.padLeft(String(n), 6))  \(reason)")
        }
      }
    }
  }
}
