import Foundation

/// The breadth-first frontier of a walk over the archive: which page comes next, which pages were
/// already queued, and where the page cap stopped it. Pure bookkeeping; the fetching is elsewhere.
///
/// Taking pages in batches and adding each batch's links in page order visits pages in exactly the
/// order a one-at-a-time walk would, so the output does not depend on how many requests ran at once.
public struct BombJackSiteWalk: Sendable {
  private var queue: [URL] = []
  private var head = 0
  private var queued: Set<String> = []
  /// Folder prefixes a subset walk (`--start`) stays within; empty for a whole-site walk.
  private let scopes: [String]
  public let maxPages: Int
  /// Pages handed out so far.
  public private(set) var taken = 0
  /// Links left unvisited because the cap was reached.
  public private(set) var leftOver = 0

  /// A whole-site walk from `start` (normally the root), or with `scoped`, a walk that stays within
  /// the folders of the start pages.
  public init(start: [URL], maxPages: Int, scoped: Bool = false) {
    self.maxPages = maxPages
    self.scopes = scoped ? start.map(BombJackSiteWalk.folder) : []
    for u in start { enqueue(u.absoluteString, url: u) }
  }

  public var pending: Int { queue.count - head }
  public var isCapped: Bool { leftOver > 0 }

  /// Up to `n` next pages, never more than the cap allows in all.
  public mutating func next(_ n: Int) -> [URL] {
    let room = max(0, maxPages - taken)
    let count = min(n, room, pending)
    let out = Array(queue[head..<head + count])
    head += count
    taken += count
    if taken >= maxPages { leftOver = pending }
    if head > 4096, head * 2 > queue.count {
      queue.removeFirst(head)
      head = 0
    }
    return out
  }

  /// Queues a page's links (absolute addresses, already normalised), skipping pages seen before
  /// and, in a subset walk, pages outside the start folders.
  public mutating func add(_ links: [String]) {
    for l in links { enqueue(l, url: nil) }
    if taken >= maxPages { leftOver = pending }
  }

  /// A URL is made only of a page queued for the first time (not of every link to it).
  private mutating func enqueue(_ key: String, url: URL?) {
    if !scopes.isEmpty, !scopes.contains(where: { key.hasPrefix($0) }) { return }
    guard !queued.contains(key), let u = url ?? URL(string: key) else { return }
    queued.insert(key)
    queue.append(u)
  }

  /// The folder a page sits in, as a prefix (`https://host/a/b/`).
  static func folder(_ u: URL) -> String {
    let s = u.absoluteString
    if s.hasSuffix("/") { return s }
    guard let slash = s.lastIndex(of: "/") else { return s }
    return String(s[...slash])
  }
}
