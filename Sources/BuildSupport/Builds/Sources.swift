import CatalogKit

/// One source, declared once in its own folder: its tool (which holds the catalogue files,
/// freshness rules, plausibility bounds and numbering in its `CatalogueSource`, its hosts,
/// politeness and typed options) and its run. Everything that differs by source — `catalog
/// build`'s list, `catalog check`'s expected files and bounds, the fetcher's freshness, the
/// demo's sample site — is read from here; nothing matches a source by its name.
public struct Source: Sendable {
  public var tool: BuildTool
  /// What a run does with its checked options: a build (the common case) or a report mode.
  public var work: @Sendable (BuildOptions) -> BuildRunner.Work
  /// The sample site `catalog demo` serves for this source, made from the project's fixtures.
  package var demo: @Sendable (DemoFixtures) throws -> DemoSample

  package init(
    _ tool: BuildTool, build: @escaping BuildRunner.Build, demo: @escaping @Sendable (DemoFixtures) throws -> DemoSample
  ) {
    self.init(tool, work: { _ in .build(build) }, demo: demo)
  }

  package init(
    _ tool: BuildTool, work: @escaping @Sendable (BuildOptions) -> BuildRunner.Work,
    demo: @escaping @Sendable (DemoFixtures) throws -> DemoSample
  ) {
    self.tool = tool
    self.work = work
    self.demo = { fixtures in
      var sample = try demo(fixtures)
      sample.source = tool.id
      return sample
    }
  }

  public var id: String { tool.id }
  public var catalogue: CatalogueSource { tool.catalogue }
}

/// Every source, in the order `catalog build --all` runs them (the README's order). Adding a
/// source adds its folder and one line here.
public enum Sources {
  public static let all: [Source] = [
    RetroSpecTool.source,
    ArchiveTool.source,
    BombJackTool.source,
    AtarimaniaTool.source,
    VintageAppleTool.source,
    PopBoksTool.source,
    SpectrumTool.source,
    StripoviTool.source,
  ]

  /// What the pure rules need of every source.
  public static let catalogues = CatalogueSources(all.map(\.catalogue))
}
