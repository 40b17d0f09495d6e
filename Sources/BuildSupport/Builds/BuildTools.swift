/// Every source's tool, in the order `catalog build --all` runs them (the README's order). Adding a
/// source adds one line here.
public enum BuildTools {
  public static let all: [BuildTool] = [
    RetroSpecTool.tool,
    ArchiveTool.tool,
    BombJackTool.tool,
    AtarimaniaTool.tool,
    VintageAppleTool.tool,
    PopBoksTool.tool,
    SpectrumTool.tool,
    StripoviTool.tool,
  ]
}
