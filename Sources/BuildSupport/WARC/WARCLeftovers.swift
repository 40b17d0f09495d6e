import Foundation

/// What a killed `catalog cache import` or `export` leaves behind, found by name and by whether the
/// process that made it still runs: an import's staging folder in the cache's root
/// (`.warc-import.tmp-PID-N`), and an export's half-written file beside its target, which the
/// export names in a note in the cache's root (`.warc-export-PID-N`, holding the file's path) so
/// `cache verify` can find it wherever it is.
extension CacheStore {
  static let importStagingPrefix = ".warc-import.tmp-"
  static let exportNotePrefix = ".warc-export-"

  /// A new staging folder's path for this process.
  func newImportStaging() -> URL {
    root.appendingPathComponent("\(CacheStore.importStagingPrefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
  }

  /// A new export note's path for this process.
  func newExportNote() -> String {
    root.path + "/\(CacheStore.exportNotePrefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  }

  /// Staging folders, export notes and the files they name, left by processes no longer running
  /// (or older than a day, since process ids are reused).
  public func warcLeftovers(now: Date = Date()) -> [String] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
    var out: [String] = []
    for name in names {
      let isStaging = name.hasPrefix(CacheStore.importStagingPrefix)
      let isNote = name.hasPrefix(CacheStore.exportNotePrefix)
      guard isStaging || isNote else { continue }
      let prefix = isStaging ? CacheStore.importStagingPrefix : CacheStore.exportNotePrefix
      let pid = name.dropFirst(prefix.count).split(separator: "-").first.flatMap { pid_t($0) }
      let path = root.path + "/" + name
      var st = stat()
      guard lstat(path, &st) == 0 else { continue }
      let age = now.timeIntervalSince1970 - Double(st.st_mtim.tv_sec)
      let alive = pid.map { $0 > 0 && (kill($0, 0) == 0 || errno == EPERM) } ?? false
      guard !alive || age > 86_400 else { continue }
      if isNote, (st.st_mode & S_IFMT) == S_IFREG, let data = FileManager.default.contents(atPath: path) {
        let named = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
        if named.contains(".tmp-"), FileManager.default.fileExists(atPath: named) { out.append(named) }
      }
      out.append(path)
    }
    return out
  }

  /// Removes `warcLeftovers`; returns how many were removed.
  @discardableResult
  public func removeWARCLeftovers() -> Int {
    warcLeftovers().reduce(0) { n, path in (try? FileManager.default.removeItem(atPath: path)) == nil ? n : n + 1 }
  }
}
