import BuildSupport
import CatalogKit

/// One source `catalog build` knows: the executable that builds it, how many times to run it for a
/// full build (spectrum-build writes one group per run) and the catalogue files each run writes.
struct BuildSource: Sendable {
  /// One child process: its own arguments and the files it writes.
  struct Run: Sendable {
    var arguments: [String]
    var files: [String]
    /// A label for the progress line and the summary ("spectrum magazines").
    var label: String
  }

  var name: String
  var executable: String
  /// The cache folder name under `--cache-root`: the tool's own default, so a cache filled by running
  /// the tool by hand in the same folder is reused.
  var cacheName: String
  var runs: [Run]
  /// The tool's own `--jobs` ceiling; `catalog build --jobs` is lowered to it for this source.
  var maxJobs = BuildDefaults.maxJobs
  /// What the tool's `--only` takes, for `catalog build --help` (`--with <source>:--only=…`).
  var onlyKeys = ""

  var files: [String] { runs.flatMap(\.files) }

  /// Every source, in the order `--all` builds them (the README's order), as each tool declares
  /// itself (`Sources.all`): executable, cache folder, `--jobs` ceiling and the files of a full
  /// build. Together their runs write every file the sources declare (checked by `catalog build
  /// --all`'s tests). bombjack-build stops (exit 69) on robots.txt unless the person running the
  /// build says otherwise: `catalog build bombjack --with bombjack:--ignore-robots`.
  static func all(_ sources: [Source]) -> [BuildSource] { sources.map { BuildSource(tool: $0.tool) } }
}

extension BuildSource {
  /// What `catalog build` knows of a tool, read from its declaration.
  init(tool: BuildTool) {
    self.init(
      name: tool.id, executable: tool.name, cacheName: tool.cacheName,
      runs: tool.fullRuns.map { Run(arguments: $0.arguments, files: $0.files, label: $0.label) }, maxJobs: tool.maxJobs,
      onlyKeys: tool.onlyKeys)
  }
}
