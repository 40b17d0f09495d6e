import CatalogKit
import Foundation

/// popboks-build's own defaults, each with its reason.
enum PopBoksBuildDefaults {
  /// HEAD probes are tiny; five in flight is the reference prober's width.
  static let jobs = 5
  /// At most ten requests a second to the one host: a first run of both magazines (about 5,600
  /// probes) takes about ten minutes; a rerun asks nothing.
  static let delayMS = 100
}

/// One popboks-build run: fetch each magazine's script, parse it, measure every issue's grid
/// through the caching fetcher, and hand the catalogues to the runner.
struct PopBoksCrawl {
  let ctx: BuildContext

  init(_ ctx: BuildContext) { self.ctx = ctx }

  func products() async throws -> [BuildProduct] {
    let o = ctx.options
    let magazines = try selectedMagazines()
    let years = yearWindow()
    var products: [BuildProduct] = []
    var sections: [(PopBoksMagazine, [PopBoksProbeReport.Item])] = []
    for m in magazines {
      let (product, items) = try await build(m, years: years)
      products.append(product)
      sections.append((m, items))
    }
    if let path = o[PopBoksTool.probeReport]?.path {
      try AtomicFile.write(Array(PopBoksProbeReport.html(magazines: sections).utf8), to: path)
      ctx.note("wrote probe report \(path)")
    }
    return products
  }

  func selectedMagazines() throws -> [PopBoksMagazine] {
    guard let m = ctx.options[PopBoksTool.magazine] else {
      if ctx.options.only != nil {
        throw UsageError(
          "--only takes issue ids of one magazine: add --magazine dzuboks or --magazine ritam.", tool: ctx.tool.name)
      }
      return PopBoksMagazine.allCases
    }
    return [m]
  }

  /// `--years`, checked when the command line was read.
  func yearWindow() -> ClosedRange<Int> { ctx.options[PopBoksTool.years] ?? PopBoksRules.years }

  func build(_ m: PopBoksMagazine, years: ClosedRange<Int>) async throws
    -> (BuildProduct, [PopBoksProbeReport.Item])
  {
    guard let scriptURL = URL(string: m.scriptURL) else { throw PopBoksBuildError.badURL(m.scriptURL) }
    let script = try await ctx.fetcher.get(
      scriptURL, headers: ["Referer": m.readerPage], check: .page(PopBoksIndexScript.shape))
    guard script.status == 200 else { throw PopBoksBuildError.script(url: m.scriptURL, status: script.status) }
    var index = try PopBoksIndex.parse(script.body, magazine: m)
    for d in index.dropped { ctx.note("\(m.scriptFileName): left out: \(d)") }
    if let only = ctx.options.only {
      // `--only` takes issue folder ids of one magazine (`--magazine ritam --only 154,155`): a
      // partial catalogue of those issues.
      let unknown = only.filter { key in !index.entries.contains { String($0.id) == key } }
      guard unknown.isEmpty else {
        let known = index.entries.prefix(3).map { String($0.id) }.joined(separator: ",")
        throw UsageError(
          "--only takes issue ids of \(m.rawValue) (\(known)…), not '\(unknown.joined(separator: ","))'.",
          tool: ctx.tool.name)
      }
      index.entries = index.entries.filter { only.contains(String($0.id)) }
    }

    // The previous catalogue sets the count to keep. Its grids are deliberately not used as
    // expectations: an expectation changes which probes are asked, and a --no-network rebuild must
    // ask exactly what the run that filled the cache asked.
    let previous = try ctx.previousCatalogue(PopBoksCatalogue.self, file: m.catalogueFile)

    ctx.note("\(m.rawValue): measuring \(Plural.count(index.entries.count, "issue"))…")
    let fetcher = ctx.fetcher
    let progress = ctx.progress
    let lineage = ctx.lineage
    lineage.tag(index.entries.map { String($0.id) }, "script", scriptURL, file: m.catalogueFile)
    let results = try await PopBoksGridSurvey.measureAll(
      index.entries,
      ask: { entry, probes in
        let pairs = probes.compactMap { p in URL(string: m.url(entry.id, p)).map { ($0, p) } }
        let answers = try await fetcher.headAll(pairs.map(\.0))
        var out: [PopBoksGridProbe: PopBoksProbeAnswer] = [:]
        for (u, p) in pairs { if let r = answers[u] { out[p] = PopBoksProbeAnswer(status: r.status) } }
        return out
      },
      progress: { done, total, entry, result in
        progress.step("grids \(m.rawValue)", done: done, total: total, detail: "\(entry.title) \(result.grid)")
      })

    if lineage.isOn {
      for entry in index.entries {
        guard let result = results[entry.id] else { continue }
        for (kind, axis) in [("column-edge", PopBoksGridMeasurement.Axis.columns), ("row-edge", .rows)] {
          for probe in result.edge(axis) {
            lineage.tag(String(entry.id), kind, address: m.url(entry.id, probe), file: m.catalogueFile)
          }
        }
      }
    }

    guard
      let assembled = PopBoksCatalogueAssembly.assemble(
        m, entries: index.entries, results: results, generated: ctx.options.date)
    else {
      let id = index.entries.first { results[$0.id] == nil }?.id ?? 0
      throw PopBoksBuildError.unmeasured(id: id)
    }
    for e in index.entries where assembled.missingCovers.contains(e.id) {
      ctx.warn("\(m.coverURL(e.id)): no cover for \(e.title)")
    }
    let (catalogue, items, missingCovers) = (assembled.catalogue, assembled.items, assembled.missingCovers)
    let issues = catalogue.issues
    try saveEvidence(m, items: items)

    let given = ctx.options[PopBoksTool.minIssues]
    let floor = given ?? previous?.issues.count ?? m.minimumIssues
    if given == nil, previous == nil, issues.count > floor {
      ctx.note(
        "\(m.rawValue): \(Plural.count(issues.count, "issue")), more than the expected \(floor); raise the expectation")
    }
    let rules = PopBoksRules.rules(magazine: m, minimumIssues: floor, years: years, missingCovers: missingCovers)
    return (
      .popboks(
        catalogue, file: m.catalogueFile, rules: rules, partial: ctx.options.only != nil,
        summary: PopBoksCatalogueAssembly.summary(m, items)),
      items
    )
  }

  /// Every grid with the probes that proved it, beside the cache: `grids-<magazine>.json`.
  func saveEvidence(_ m: PopBoksMagazine, items: [PopBoksProbeReport.Item]) throws {
    struct Record: Encodable {
      var id: Int
      var title: String
      var grid: PopBoksTileGrid
      var coverPresent: Bool
      var evidence: PopBoksGridEvidence
    }
    let records = items.map {
      Record(
        id: $0.entry.id, title: $0.entry.title, grid: $0.result.grid, coverPresent: $0.result.coverPresent,
        evidence: $0.result.evidence)
    }
    let path = ctx.options.cacheDirectory.appendingPathComponent("grids-\(m.rawValue).json").path
    try AtomicFile.write([UInt8](try MachineJSON.encode(records)), to: path)
  }
}

/// What stops a PopBoks build before validation.
enum PopBoksBuildError: Error, BuildFailure {
  /// The index script did not answer 200.
  case script(url: String, status: Int)
  case badURL(String)
  /// The survey returned no result for an issue; a broken invariant.
  case unmeasured(id: Int)

  var exitCode: ExitCode {
    switch self {
    case .script: .unavailable
    case .badURL, .unmeasured: .software
    }
  }

  var description: String {
    switch self {
    case .script(let url, let status): "\(url): the index script answered \(status), not 200"
    case .badURL(let s): "\(s): not a URL"
    case .unmeasured(let id): "issue \(id) was not measured"
    }
  }
}
