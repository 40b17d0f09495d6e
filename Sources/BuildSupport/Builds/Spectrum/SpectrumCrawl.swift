import CatalogKit
import Foundation

/// `--build <group>`: plan from the dump, resolve every row against its item's metadata, and hand the
/// catalogue to the runner for validation and writing.
enum SpectrumCrawl {
  static func run(_ ctx: BuildContext) async throws -> [BuildProduct] {
    let o = ctx.options
    guard let group = o[SpectrumTool.build] else {
      throw UsageError("spectrum-build needs a mode: \(SpectrumTool.modesText).", tool: SpectrumTool.tool.name)
    }
    let limit = o[SpectrumTool.limit]
    let share = o[SpectrumTool.sizedShare]

    let (store, load) = try await DumpSource.open(ctx)
    var plan = try plan(group, store)
    if let only = o.only {
      let keys = Set(only)
      plan.rows = plan.rows.filter { keys.contains($0.series.key) || keys.contains($0.id) }
    }
    plan = plan.limited(to: limit)
    ctx.note("\(group.rawValue): \(plan.rows.count) planned rows, \(plan.identifiers.count) archive.org items")

    let answers = try await ArchiveClient(ctx, unreadable: .warnAsMissing).lookups(plan.identifiers)
    let items = answers.mapValues(SpectrumItemLookup.init)
    let (catalogue, counts) = SpectrumCatalogue.build(plan, items: items, generated: o.date)
    try SpectrumLineage.tag(ctx, catalogue, plan: plan, file: group.fileName)
    let kb = (try CatalogueEncoder.encode(catalogue).count + 1023) / 1024

    var summary = [
      "built               \(counts.built)",
      "missing item        \(counts.missingItem)",
      "no readable file    \(counts.noReadableFile)",
      "already claimed     \(counts.alreadyClaimed)",
      "filename recovered  \(counts.filenameRecovered)",
      "series              \(catalogue.series.count)",
      "file                \(kb) KB",
    ]
    for (reason, n) in plan.skipped.sorted(by: { $0.key < $1.key }) {
      summary.append("not planned: \(reason)  \(n)")
    }
    summary += DumpSource.summary(load)
    return [
      .issue(
        catalogue, file: group.fileName, rules: SpectrumRules.rules(sizedShare: share),
        partial: limit != nil || o.only != nil, summary: summary)
    ]
  }

  static func plan(_ group: SpectrumGroup, _ store: ZXDBStore) throws -> SpectrumPlan {
    switch group {
    case .books: SpectrumPlan.books(try store.bookDownloads())
    case .magazines, .fanzines:
      SpectrumPlan.periodicals(group, magazines: try store.magazines(), issues: try store.issues())
    }
  }
}
