import Foundation

/// Which of a benchmark's sites to run and whether to keep their folders, from the environment:
/// `SHELFMARK_BENCH_ONLY=atarimania,bombjack` runs only those; `SHELFMARK_KEEP=1` leaves each
/// site's folder (cache, catalogues, lineage) in the temporary directory for a look afterwards.
enum BenchSelection {
  static let only: Set<String>? = ProcessInfo.processInfo.environment["SHELFMARK_BENCH_ONLY"].map {
    Set($0.split(separator: ",").map(String.init))
  }

  static func wanted(_ name: String) -> Bool { only?.contains(name) ?? true }

  static let keep = ProcessInfo.processInfo.environment["SHELFMARK_KEEP"] != nil

  /// Removes a site's folder unless `SHELFMARK_KEEP` asks to keep it (then says where it is).
  static func discard(_ dir: URL) {
    if keep {
      print("kept \(dir.path)")
    } else {
      try? FileManager.default.removeItem(at: dir)
    }
  }
}
