import BuildSupport
import CatalogKit
import Foundation

/// `catalog build --report`: each catalogue a tool built in full keeps its lineage (this build's
/// and the previous one's) in its cache; a copy goes to `lineage/` beside the report, where
/// `catalog report` finds it for the review page and the rebuild's artifact carries it.
enum LineageCopy {
  static func keep(_ report: BuildReport?, cache: URL, into folder: URL, progress: BuildProgress) {
    guard let report else { return }
    for p in report.products where !p.partial && [.written, .unchanged].contains(p.status) {
      for name in [LineageNames.current(p.file), LineageNames.previous(p.file)] {
        let from = LineageRun.folder(cache).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: from.path) else { continue }
        do {
          try FolderMaker.create(folder)
          try AtomicFile.write([UInt8](data), to: folder.appendingPathComponent(name).path)
        } catch {
          progress.line("warning: \(error); the lineage \(name) was not kept beside the report")
        }
      }
    }
  }
}
