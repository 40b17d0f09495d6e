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

  var files: [String] { runs.flatMap(\.files) }

  /// Every source, in the order `--all` builds them (the README's order). Together their runs write
  /// every file of `CatalogueFileList` (checked by `catalog build --all`'s tests).
  static let all: [BuildSource] = [
    simple("retrospec"),
    simple("archive"),
    // robots.txt disallows every path, so bombjack-build stops (exit 69) unless the person running
    // the build says otherwise: `catalog build bombjack --with bombjack:--ignore-robots`. Ignoring a
    // small site's wishes is never a default.
    simple("bombjack"),
    simple("atarimania"),
    simple("vintageapple"),
    simple("popboks"),
    // archive.org's metadata API: spectrum-build allows at most five requests in flight.
    BuildSource(
      name: "spectrum", executable: "spectrum-build", cacheName: ".zxdb-cache",
      runs: ["magazines", "fanzines", "books"].map {
        Run(arguments: ["--build", $0], files: ["spectrum-\($0).json"], label: "spectrum \($0)")
      }, maxJobs: 5),
    simple("stripovi"),
  ]

  /// A source whose tool writes all its files in one run.
  static func simple(_ name: String, arguments: [String] = []) -> BuildSource {
    BuildSource(
      name: name, executable: "\(name)-build", cacheName: ".\(name)-cache",
      runs: [Run(arguments: arguments, files: CatalogueFileList.files(ofTool: name).map(\.file), label: name)])
  }

  static func named(_ name: String) -> BuildSource? { all.first { $0.name == name } }
}
