import BuildSupport
import CatalogKit
import Foundation

/// The catalogue the last build wrote, which sets this build's default thresholds.
enum PreviousCatalogue {
  /// The issue catalogue at the build's output path, or nil when there is none or it cannot be read
  /// (the runner warns about an unreadable one itself).
  static func issueCatalogue(file: String, options: BuildOptions) -> IssueCatalogue? {
    let target = options.outputFile ?? options.outputDirectory.appendingPathComponent(file)
    guard let data = FileManager.default.contents(atPath: target.path) else { return nil }
    return try? CatalogueFile.decode(IssueCatalogue.self, from: [UInt8](data), file: target.path)
  }
}
