import BuildSupport
import CatalogKit
import Foundation
import SiteMirrorKit

/// What `--root` names when it is not a site tree: a build cache (a folder holding `v1/`) or a WARC
/// file, loaded into a `RecordedSite` the mirror serves directly.
enum RecordedSource {
  /// The recording at `path`, or nil when `path` is a plain site tree.
  static func load(_ path: String) throws -> RecordedSite? {
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return nil }
    var site = RecordedSite()
    if !isDir.boolValue {
      // Statuses and headers are read now, record by record; each body is read from the file when
      // a request asks for it, so a WARC of any size is served in the memory of its largest record.
      let (file, reader) = try WARCImport.reader(path, bodies: false)
      while let a = try WARCImport.next(reader, path: path) {
        var headers: [String: String] = [:]
        for h in a.headers where headers[h.name] == nil { headers[h.name] = h.value }
        guard a.method == "GET", let location = a.bodyLocation else {
          site.add(method: a.method, url: a.url, .init(status: a.status, headers: headers, body: []))
          continue
        }
        site.add(
          method: a.method, url: a.url,
          .init(status: a.status, headers: headers) {
            try WARCAnswerReader.body(at: location, in: file, bodyCap: BuildDefaults.fileBodyCap)
          })
      }
      guard reader.counts.records > 0 else { throw WARCFileError(path: path, error: WARCError.noRecords) }
      return site
    }
    guard FileManager.default.fileExists(atPath: path + "/" + CacheKey.version) else { return nil }
    let store = CacheStore(root: URL(fileURLWithPath: path))
    for (_, record) in store.allRecords() {
      guard let url = URL(string: record.url) else { continue }
      let body =
        record.method == .head ? [] : store.read(CacheKey(method: .get, url: url), url: url)?.1.body ?? []
      site.add(
        method: record.method.rawValue, url: record.url,
        .init(status: record.status, headers: record.headers, body: body))
    }
    return site
  }
}
