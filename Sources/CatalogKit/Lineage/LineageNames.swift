/// The names of a catalogue's lineage files, in one place: the build writes them, `catalog build`
/// copies them beside its report, the review page and `catalog explain` read them.
public enum LineageNames {
  /// `retrospec-catalog.json` → `retrospec-catalog`.
  public static func stem(_ file: String) -> String { file.hasSuffix(".json") ? String(file.dropLast(5)) : file }

  /// This build's lineage of a catalogue.
  public static func current(_ file: String) -> String { stem(file) + ".jsonl.xz" }

  /// The build before's, kept beside it for the review page and `catalog explain`.
  public static func previous(_ file: String) -> String { stem(file) + ".previous.jsonl.xz" }

  /// What drift compares next time: each listing page's yield, each kind's fields.
  public static func yields(_ file: String) -> String { stem(file) + ".yields.json" }

  /// What the lineage and the yields were made from, so an unchanged build need not make them again.
  public static func memo(_ file: String) -> String { stem(file) + ".memo.json" }

  /// The key of a tool's last run that changed nothing (`bombjack-build.run.json`): a run that
  /// starts from the same needs to record no lineage.
  public static func run(tool: String) -> String { tool + ".run.json" }

  /// The last build's lineage under the names older builds gave it, the newest first: gzip before
  /// 2026-12-08, uncompressed before 2026-12-02.
  public static func legacyCurrent(_ file: String) -> [String] { [stem(file) + ".jsonl.gz", stem(file) + ".jsonl"] }

  /// Every name older builds wrote (`legacyCurrent` and the previous build's); a build moves them
  /// out of the way.
  public static func legacy(_ file: String) -> [String] {
    legacyCurrent(file) + [stem(file) + ".previous.jsonl.gz", stem(file) + ".previous.jsonl"]
  }

  /// `R.json` → `R.lineage.jsonl.xz` (any other name gets `.lineage.jsonl.xz` added).
  public static func besideReport(_ reportName: String) -> String { stem(reportName) + ".lineage.jsonl.xz" }
}
