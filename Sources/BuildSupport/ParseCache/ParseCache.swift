import CatalogKit
import Foundation
import Synchronization

/// Parse results kept between runs, beside the fetch cache (`<cache>/parsed/<parser>/…`), so a warm
/// rebuild or a refresh parses only the answers whose bodies changed.
///
/// Derived data, never trusted blindly: an entry is read only when its header names the parser,
/// its version and the key (parser, version, URL, body digest), its SHA-256 matches, and its bytes
/// decode exactly; anything else is dropped and the page parsed again. Removing the folder loses
/// nothing but time. A failure to write an entry is not the build's failure either: it is counted
/// and the result used.
public final class ParseCache: Sendable {
  /// `<cache>/parsed`.
  public let root: URL
  private let counts = Mutex(Counts())
  /// Folders known to exist.
  private let folders = Mutex(Set<String>())

  /// What a run got from the cache.
  public struct Counts: Sendable, Equatable {
    /// Read from an entry.
    public var reused = 0
    /// Parsed (no entry, or one refused).
    public var parsed = 0
    /// Entries found but refused (cut, edited, of another parser or version) and removed.
    public var refused = 0
    /// Entries that could not be written.
    public var unwritten = 0

    public init(reused: Int = 0, parsed: Int = 0, refused: Int = 0, unwritten: Int = 0) {
      self.reused = reused
      self.parsed = parsed
      self.refused = refused
      self.unwritten = unwritten
    }

    /// The report's `parse/…` counters; none for a build that parsed nothing through the cache.
    public var reportKeys: [String: Int] {
      guard reused + parsed > 0 else { return [:] }
      return ["parse/reused": reused, "parse/parsed": parsed, "parse/refused": refused, "parse/unwritten": unwritten]
    }
  }

  public static let folderName = "parsed"

  /// `root`'s path, made once (a URL builds its path on every call, and every page names an entry).
  private let rootPath: String

  public init(cacheRoot: URL) {
    root = cacheRoot.appendingPathComponent(Self.folderName, isDirectory: true)
    rootPath = root.path
  }

  public var counters: Counts { counts.withLock { $0 } }

  /// Where the entry of `key` for parser `name` lives.
  func path(parser name: String, key: String) -> String {
    rootPath + "/" + name + "/" + String(key.prefix(2)) + "/" + key
  }

  /// An answer's parse (see the next): its body's digest is taken from the answer when the cache
  /// already checked it.
  public func parsed<P: CachedParse>(_ answer: FetchResponse, url: URL, as type: P.Type, check: String? = nil) -> P {
    parsed(answer.body, url: url, as: type, bodySHA256: answer.bodySHA256, check: check)
  }

  /// The body's parse: the kept one when there is a sound entry for it, else a fresh parse, kept.
  /// `bodySHA256`, when given, must be the body's digest (the fetch cache's check of it). `check`:
  /// the identity of the check the body passed (see `kept`).
  public func parsed<P: CachedParse>(
    _ body: [UInt8], url: URL, as type: P.Type, bodySHA256: String? = nil, check: String? = nil
  ) -> P {
    let key = P.parseKey(url: url, bodySHA256: bodySHA256 ?? SHA256.hex(body), check: check)
    let file = path(parser: P.parserName, key: key)
    if let value = entry(file, key: key, url: url, as: type) { return value }
    let value = P.parse(body, url: url)
    guard value.keepsParse else {
      counts.withLock { $0.parsed += 1 }
      return value
    }
    let entry = ParseEntry.encode(
      parser: P.parserName, version: P.parserVersion, key: key, payload: value.encodedParse())
    let written = write(entry, to: file)
    counts.withLock {
      $0.parsed += 1
      if !written { $0.unwritten += 1 }
    }
    return value
  }

  /// The kept parse of a body known only by its digest, or nil when there is no sound entry (a
  /// damaged one is removed). Only under a check's identity: the entry was written after a body
  /// with this digest passed that check at this address and was parsed, so a caller may take it
  /// for the body without reading the body (`Fetcher.getParsed`).
  public func kept<P: CachedParse>(_ type: P.Type, url: URL, bodySHA256: String, check: String) -> P? {
    let key = P.parseKey(url: url, bodySHA256: bodySHA256, check: check)
    return entry(path(parser: P.parserName, key: key), key: key, url: url, as: type)
  }

  /// A sound entry's parse, counted as reused; a damaged one is removed and counted as refused.
  private func entry<P: CachedParse>(_ file: String, key: String, url: URL, as type: P.Type) -> P? {
    guard let bytes = CacheStore.contents(file) else { return nil }
    if let payload = ParseEntry.payload(bytes, parser: P.parserName, version: P.parserVersion, key: key),
      let value = P.decodedParse(payload, url: url)
    {
      counts.withLock { $0.reused += 1 }
      return value
    }
    unlink(file)
    counts.withLock { $0.refused += 1 }
    return nil
  }

  /// Writes an entry in place, without a temporary and a rename: an entry checks itself, so one
  /// cut by a kill is refused and rewritten, and two builds writing one key write the same bytes.
  /// A temporary, a rename and a folder check per entry made a cold BombJack build spend more in
  /// the file system on these than on its pages. Each shard folder is made once per run.
  private func write(_ entry: [UInt8], to file: String) -> Bool {
    let folder = (file as NSString).deletingLastPathComponent
    if !folders.withLock({ $0.contains(folder) }) {
      guard (try? Folders.create(folder, role: "a parse-cache folder")) != nil else { return false }
      folders.withLock { _ = $0.insert(folder) }
    }
    let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return false }
    let ok = writeAll(entry, to: fd)
    close(fd)
    if !ok { unlink(file) }
    return ok
  }

  /// What `catalog cache stats` and `verify` say of the parse cache.
  public struct Survey: Sendable, Equatable {
    /// Sound entries per parser.
    public var entries: [String: Int] = [:]
    public var bytes = 0
    /// Entries that are cut, edited or misfiled: a build would refuse and rewrite them.
    public var damaged: [String] = []

    public var total: Int { entries.values.reduce(0, +) }
  }

  /// Every entry read and checked (header, key against its file name, digest); nothing is changed.
  public func survey() -> Survey {
    var s = Survey()
    let fm = FileManager.default
    for parser in ((try? fm.contentsOfDirectory(atPath: root.path)) ?? []).sorted() where parser != "tmp" {
      for shard in ((try? fm.contentsOfDirectory(atPath: root.path + "/" + parser)) ?? []).sorted() {
        let folder = root.path + "/" + parser + "/" + shard
        for name in ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
          let file = folder + "/" + name
          guard let bytes = CacheStore.contents(file) else { continue }
          s.bytes += bytes.count
          if name.hasPrefix(shard), ParseEntry.soundParser(bytes, key: name) == parser {
            s.entries[parser, default: 0] += 1
          } else {
            s.damaged.append(file)
          }
        }
      }
    }
    return s
  }

  /// Removes the damaged entries `survey` found; returns how many.
  public func repair(_ survey: Survey) -> Int {
    var removed = 0
    for f in survey.damaged where unlink(f) == 0 { removed += 1 }
    return removed
  }
}
