import BuildSupport
import CatalogKit
import Foundation

/// What `catalog cache stats` and `verify` print of the parse cache (`<cache>/parsed`): derived data
/// a build rewrites when it is missing or damaged, so a damaged entry is a warning, not a failure.
enum ParseCacheText {
  /// `parse cache: 20,000 entries (bombjack-page 20,000), 41 MB`, or nil when there is none.
  static func stats(_ cacheRoot: URL) -> String? {
    let s = ParseCache(cacheRoot: cacheRoot).survey()
    guard s.total + s.damaged.count > 0 else { return nil }
    let parsers = s.entries.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    let damaged = s.damaged.isEmpty ? "" : ", \(Plural.count(s.damaged.count, "damaged entry", "damaged entries"))"
    return "parse cache: \(Plural.count(s.total, "entry", "entries")) (\(parsers))\(damaged), "
      + CatalogueStats.humanBytes(Int64(s.bytes))
  }

  static func verify(_ cacheRoot: URL, repair: Bool, _ console: Console) {
    let cache = ParseCache(cacheRoot: cacheRoot)
    let s = cache.survey()
    guard s.total + s.damaged.count > 0 else { return }
    for f in s.damaged.prefix(10) {
      console.error("warning: \(f): a damaged parse-cache entry; a build parses its page again")
    }
    if s.damaged.count > 10 { console.error("warning: … and \(s.damaged.count - 10) more") }
    let removed = repair ? cache.repair(s) : 0
    console.out(
      "parse cache: \(Plural.count(s.total + s.damaged.count, "entry", "entries")) checked, "
        + "\(s.damaged.count) damaged" + (repair && removed > 0 ? ", \(removed) removed" : ""))
  }
}
