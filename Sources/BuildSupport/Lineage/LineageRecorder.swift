import CatalogKit
import Foundation
import Synchronization

/// Where a crawl says which answers a row was built from: for a row id, the URL of each page kind
/// it used (the source's `LineagePlan` says which fields each kind gives). Statuses, fetch times,
/// validators and digests are read from the cache when the lineage is written, never re-typed.
public final class LineageRecorder: Sendable {
  private let state = Mutex(State())

  /// A URL as text: hashing `URL` itself was most of what a large walk's lineage cost. The text is
  /// hashed once, when the tag is made; finding the tag's answer and the cache's record for it
  /// reuse that.
  private struct Tag: Hashable {
    let kind: String
    let url: String
    let urlHash: Int

    init(kind: String, url: String) {
      self.kind = kind
      self.url = url
      self.urlHash = url.hashValue
    }

    func hash(into hasher: inout Hasher) { hasher.combine(urlHash) }

    static func == (a: Tag, b: Tag) -> Bool { a.urlHash == b.urlHash && a.url == b.url && a.kind == b.kind }
  }

  /// A row's tag: a listing page's, numbered once for the hundreds of rows it serves, or the row's
  /// own answer (a detail page, a size probe) kept as it is. Numbering every tag as the crawl tags
  /// hashed each probe's URL on the build's path; the lineage is worked out on another core.
  private enum TagRef {
    case shared(Int)
    case own(Tag)
  }

  private struct State {
    /// Each listing tag once, numbered as first seen.
    var numbered: [Tag: Int] = [:]
    var shared: [Tag] = []
    /// Tags for a row of one file, and tags for an id in whichever file it lands (a crawl that does
    /// not know yet which shelf a row goes to).
    var byFile: [String: [String: [TagRef]]] = [:]
    var anyFile: [String: [TagRef]] = [:]
    /// Pages read, whether or not they gave a row: a listing that came back empty is drift.
    var read: [Tag] = []
    /// Rows the source's own code lists (BombJack's hand-added Joystik run): every field is the tool's.
    var fromTool = Set<String>()
    /// Tagging started beside the build (`later`), kept until the process exits.
    var deferred: [@Sendable () -> Void] = []
    /// Listing pages a row cites as its own answer rather than through `listed`, found once the
    /// tagging is done: with the numbered ones, the pages some row of some file cites.
    var ownListing: Set<Tag>?

    /// Whether a row of any file cites the listing page `tag`: a page read that no row cites is
    /// named in a file only when drift watches it.
    mutating func cited(_ tag: Tag, plan: LineagePlan) -> Bool {
      if numbered[tag] != nil { return true }
      if ownListing == nil {
        var found = Set<Tag>()
        for refs in byFile.values.lazy.flatMap(\.values) + Array(anyFile.values) {
          for case .own(let t) in refs where plan.kind(t.kind)?.listing == true { found.insert(t) }
        }
        ownListing = found
      }
      return ownListing?.contains(tag) ?? false
    }

    mutating func number(_ tag: Tag) -> Int {
      if let n = numbered[tag] { return n }
      numbered[tag] = shared.count
      shared.append(tag)
      return shared.count - 1
    }

    /// Room for `rows` rows' tags at once: a walk tags eighteen thousand rows in one call, and
    /// growing the table step by step hashed every id again each time. The rows may be ones
    /// already tagged (a walk's pages after their sizes), so no more room than that is made.
    mutating func reserve(_ rows: Int, file: String?) {
      guard rows > 1 else { return }
      if let file {
        byFile[file, default: [:]].reserveCapacity(rows)
      } else {
        anyFile.reserveCapacity(rows)
      }
    }

    mutating func add(_ tag: TagRef, to id: String, file: String?) {
      if let file {
        byFile[file, default: [:]][id, default: []].append(tag)
      } else {
        anyFile[id, default: []].append(tag)
      }
    }
  }

  /// Off (`--no-lineage`), every tag is dropped at once: the baseline `bench lineage` compares
  /// with then pays for none of the bookkeeping.
  private let enabled: Bool

  /// Whether tags are kept: a crawl skips working out what it would tag when not.
  public var isOn: Bool { enabled }

  public init(enabled: Bool = true) { self.enabled = enabled }

  /// Row `id` (of `file`, or of any file when nil) was built from the answer for `url`, a page of `kind`.
  public func tag(_ id: String, _ kind: String, _ url: URL, file: String? = nil) {
    guard enabled else { return }
    add(Tag(kind: kind, url: url.absoluteString), to: id, file: file)
  }

  /// The same for an answer whose URL the crawl holds as text, exactly as `URL.absoluteString`
  /// gives it (a size probe's address): no URL is made only to be turned back into text.
  public func tag(_ id: String, _ kind: String, address: String, file: String? = nil) {
    guard enabled else { return }
    add(Tag(kind: kind, url: address), to: id, file: file)
  }

  private func add(_ tag: Tag, to id: String, file: String?) {
    state.withLock { $0.add(.own(tag), to: id, file: file) }
  }

  /// The same for many rows at once, each with its own answer (a walk's size probes): one lock,
  /// not one per row.
  public func tag(each pairs: some Sequence<(id: String, address: String)>, _ kind: String, file: String? = nil) {
    guard enabled else { return }
    let tagged = pairs.map { (id: $0.id, tag: Tag(kind: kind, url: $0.address)) }
    state.withLock { s in
      s.reserve(tagged.count, file: file)
      for (id, tag) in tagged { s.add(.own(tag), to: id, file: file) }
    }
  }

  /// Every row in `ids` came from the one page at `url` (a listing), which was read.
  public func tag(_ ids: some Sequence<String>, _ kind: String, _ url: URL, file: String? = nil) {
    listed(kind, [url], rows: [Array(ids)], file: file)
  }

  /// Tagging a source can do only once its rows are assembled (BombJack's: which walk page first
  /// lists each file), started at once on another thread, beside what is left of the build's own
  /// work (its rules' indexes, its products: one core's work, which left the other idle), rather
  /// than on either path; the lineage waits for it (`runDeferred`).
  public func later(_ work: @escaping @Sendable () -> Void) {
    guard enabled else { return }
    state.withLock { $0.deferred.append(work) }
    started.enter()
    // A thread of its own, not a queue the tasks' threads are drawn from: the lineage blocks a
    // task's thread waiting for it, which must never wait for a thread to run it.
    Thread.detachNewThread { [started] in
      work()
      started.leave()
    }
  }

  /// The tagging `later` started.
  private let started = DispatchGroup()

  /// Waits for the tagging `later` started. The work is kept, not dropped: what it holds (a walk's
  /// twenty thousand page addresses) would otherwise be freed one by one on the lineage's path,
  /// which cost a warm BombJack build more than the tagging; a build exits holding its context.
  func runDeferred() { started.wait() }

  /// Rows no page lists: the tool's code declares them, so each field is the tool's unless an
  /// answer (a size probe) gives it.
  public func fromTool(_ ids: some Sequence<String>) {
    guard enabled else { return }
    state.withLock { $0.fromTool.formUnion(ids) }
  }

  /// Pages of `kind` were read, `rows[i]` the rows `urls[i]` lists (none for a page that gave
  /// no row; `rows` as long as `urls`): a walk's twenty thousand pages, each made a tag once, for
  /// reading and for its rows alike, under one lock.
  public func listed(_ kind: String, _ urls: [URL], rows: [[String]], file: String? = nil) {
    guard enabled else { return }
    let tags = urls.map { Tag(kind: kind, url: $0.absoluteString) }
    state.withLock { s in
      s.read += tags
      s.reserve(rows.reduce(0) { $0 + $1.count }, file: file)
      for (tag, ids) in zip(tags, rows) where !ids.isEmpty {
        let n = TagRef.shared(s.number(tag))
        for id in ids { s.add(n, to: id, file: file) }
      }
    }
  }

  /// A page of `kind` was read (it may have given no row).
  public func read(_ kind: String, _ url: URL) { read(kind, [url]) }

  /// Pages of `kind` were read, none of them giving a row here.
  public func read(_ kind: String, _ urls: [URL]) {
    listed(kind, urls, rows: Array(repeating: [], count: urls.count))
  }

  /// The lineage of the rows `rows` of `file`: each row's answers looked up in `cache` once per
  /// request (and only when a field may come from it), its fields attributed by `plan`. A listing
  /// page read that gave no row is listed when its URL is in `watched` (the listing pages of the
  /// last build: drift needs to know they still answer, and listing every empty page of a walk
  /// would cost a lookup each).
  func lineage(
    file: String, rows: [(id: String, fields: [String])], plan: LineagePlan, cache: CacheStore, watched: Set<String>
  ) -> LineageFile {
    lineageAndInputs(file: file, rows: rows, plan: plan, cache: cache, watched: watched, executable: nil).lineage
  }

  /// The SHA-256 of everything `lineage(file:rows:plan:cache:watched:)` reads for the same
  /// arguments, in the order it reads them: this executable, the plan, the rows and their fields,
  /// each row's tags that may give a field and the facts of the answer each names, and the watched
  /// pages read. Equal inputs give an equal lineage, so a build whose inputs match the memo kept
  /// with the last lineage need not work it out. Nil when an answer a row names is not one this
  /// process read or wrote (`lineage` would look it up on disk, which nothing here hashes).
  func inputs(
    file: String, rows: [(id: String, fields: [String])], plan: LineagePlan, cache: CacheStore,
    watched: Set<String>, executable: String
  ) -> String? {
    work(file: file, rows: rows, plan: plan, cache: cache, watched: watched, executable: executable, building: false)
      .inputs
  }

  /// Both at once, each answer looked up once for the two: what a build does for a file whose memo
  /// cannot stand (an answer it cites was fetched in this run), rather than hash, find the memo
  /// stale, then look every answer up again.
  func lineageAndInputs(
    file: String, rows: [(id: String, fields: [String])], plan: LineagePlan, cache: CacheStore,
    watched: Set<String>, executable: String?
  ) -> (lineage: LineageFile, inputs: String?) {
    work(file: file, rows: rows, plan: plan, cache: cache, watched: watched, executable: executable, building: true)
  }

  /// Whether a row of `rows` may cite an answer `cache` wrote in this run (fetched anew, or a 304
  /// that moved its fetch time): its memo cannot stand then. Only the addresses' hashes are
  /// compared, so a rare false match costs the memo's check, never a wrong lineage.
  func citesAnswerWritten(rows: [(id: String, fields: [String])], file: String, cache: CacheStore) -> Bool {
    let written = cache.answered.writtenAddressHashes
    guard !written.isEmpty else { return false }
    let (shared, byFile, anyFile) = state.withLock { s in (s.shared, s.byFile[file] ?? [:], s.anyFile) }
    func hits(_ refs: [TagRef]) -> Bool {
      refs.contains { r in
        switch r {
        case .shared(let i): written.contains(shared[i].urlHash)
        case .own(let t): written.contains(t.urlHash)
        }
      }
    }
    return rows.contains { row in
      hits(byFile[row.id] ?? []) || (!anyFile.isEmpty && hits(anyFile[row.id] ?? []))
    }
  }

  /// One pass over the rows for `lineage` (`building`; empty when not) and `inputs` (`executable`
  /// given): the inputs are fed exactly what the lineage reads, in its order, from the same lookups.
  private func work(
    file: String, rows: [(id: String, fields: [String])], plan: LineagePlan, cache: CacheStore, watched: Set<String>,
    executable: String?, building: Bool
  ) -> (lineage: LineageFile, inputs: String?) {
    let (shared, byFile, anyFile, fromTool) = state.withLock { s in
      (s.shared, s.byFile[file] ?? [:], s.anyFile, s.fromTool)
    }
    var h: LineageInputs? = nil
    if let executable {
      var i = LineageInputs()
      i.add(executable)
      i.add(plan)
      i.add(file)
      i.add(rows.count)
      h = i
    }
    var out = LineageFile()
    func kindIndex(_ name: String) -> Int { plan.index(of: name) ?? -1 }
    let sharedKinds = shared.map { kindIndex($0.kind) }
    func kind(_ r: TagRef) -> Int {
      switch r {
      case .shared(let i): sharedKinds[i]
      case .own(let t): kindIndex(t.kind)
      }
    }
    // Each answer once, whichever way it was tagged; a listing's number also by its place.
    var answerOf: [Tag: Int] = [:]
    var statuses: [Int?] = []
    if building {
      // Most rows cite an answer of their own (a detail page, a size probe): room made once. Not
      // for the listing pages too: those are the whole walk's, shared by every file of the build.
      answerOf.reserveCapacity(rows.count)
      out.answers.reserveCapacity(rows.count)
      statuses.reserveCapacity(rows.count)
    }
    var sharedNumbers = [Int](repeating: -1, count: building ? shared.count : 0)
    // For the inputs, a listing page is named in full where a row of this file first cites it,
    // then by the order of first citing: the numbers the crawl gave shared pages depend on its order.
    var local = [Int](repeating: -1, count: h == nil ? 0 : shared.count)
    var seen = 0
    // Whether every answer hashed was one this process kept: the inputs cover nothing on disk.
    var keptAll = true
    let methods = plan.kinds.map(\.method)

    /// The answer to `tag`: hashed when `hashing`, numbered (once) when building. Returns its
    /// number, or -1 when not building.
    func answer(_ tag: Tag, kind k: Int, hashing: Bool) -> Int {
      let known = building ? answerOf[tag] : nil
      let makes = building && known == nil
      guard hashing || makes else { return known ?? -1 }
      let method = k >= 0 ? methods[k] : "GET"
      let m: HTTPMethod = method == "HEAD" ? .head : .get
      var made: LineageAnswer?
      // The inputs take the facts as kept, all of them, not the line made from them: equal facts
      // make an equal line, and no line (its short digest a string of its own) is made only to be
      // hashed, as it was for every answer of a warm rebuild.
      let kept = cache.withAnswerFacts(method: m, address: tag.url, addressHash: tag.urlHash) { f in
        if hashing { h?.add(kind: tag.kind, method: method, url: tag.url, f) }
        if makes { made = LineageRecorder.line(tag, method: method, facts: f) }
      }
      if !kept {
        if hashing { keptAll = false }
        if makes {
          made = URL(string: tag.url).flatMap { cache.storedRecord(method: m, url: $0) }.map {
            LineageRecorder.line(tag, method: method, facts: AnswerFacts($0))
          }
        }
      }
      guard building else { return -1 }
      if let known { return known }
      let line = made ?? LineageAnswer(kind: tag.kind, method: method, url: tag.url)
      let n = out.answers.count
      statuses.append(line.status)
      out.answers.append(line)
      answerOf[tag] = n
      return n
    }
    func number(_ r: TagRef) -> Int {
      switch r {
      case .shared(let i):
        var hashing = false
        if h != nil {
          if local[i] >= 0 {
            h?.add(local[i])
          } else {
            local[i] = seen
            seen += 1
            h?.add(-1)
            hashing = true
          }
        }
        guard building else {
          if hashing { _ = answer(shared[i], kind: sharedKinds[i], hashing: true) }
          return -1
        }
        if sharedNumbers[i] < 0 || hashing {
          let n = answer(shared[i], kind: sharedKinds[i], hashing: hashing)
          if sharedNumbers[i] < 0 { sharedNumbers[i] = n }
        }
        return sharedNumbers[i]
      case .own(let t):
        h?.add(-2)
        return answer(t, kind: kindIndex(t.kind), hashing: h != nil)
      }
    }
    // Rows share a handful of field lists: each list's attribution is worked out once.
    var table = plan.attribution(for: [])
    var tableFields: [String]?
    var tagged: [(kind: Int, answer: Int, status: Int?)] = []
    if building { out.rows.reserveCapacity(rows.count) }
    for row in rows {
      h?.add(row.id)
      if row.fields != tableFields {
        table = plan.attribution(for: row.fields)
        tableFields = row.fields
        h?.add(row.fields.count)
        for f in row.fields { h?.add(f) }
      } else {
        h?.add(-1)
      }
      let declaredRow = !fromTool.isEmpty && fromTool.contains(row.id)
      h?.add(declaredRow)
      // Only a tag whose kind may give one of the row's fields is looked up and named, in the
      // plan's order (the crawl may have tagged them in any order) so the numbers are the same
      // every run.
      let (mine, any) = (byFile[row.id] ?? [], anyFile.isEmpty ? [] : anyFile[row.id] ?? [])
      tagged.removeAll(keepingCapacity: true)
      for k in table.kinds {
        for t in mine where kind(t) == k {
          let n = number(t)
          if building { tagged.append((k, n, statuses[n])) }
        }
        for t in any where kind(t) == k {
          let n = number(t)
          if building { tagged.append((k, n, statuses[n])) }
        }
      }
      h?.add(-4)
      if !building && !keptAll { return (out, nil) }
      if building {
        out.rows.append(
          LineageRow(file: file, id: row.id, fields: plan.attribute(table, tagged: tagged, declaredRow: declaredRow)))
      }
    }
    // A watched listing read but giving no row of any file: kept only when it gave nothing at all,
    // so each file names its own pages (BombJack's seven shelves share one walk). Only those, so a
    // first build (nothing watched yet) and the next (every watched page cited) have the same
    // inputs when their lineage is the same.
    h?.add(-3)
    for t in uncitedWatched(watched, plan) { _ = answer(t, kind: kindIndex(t.kind), hashing: h != nil) }
    var inputs: String? = nil
    if keptAll, var h { inputs = h.hex() }
    return (out, inputs)
  }

  /// What a lineage line names of the answer to `tag`, asked with `method`, from the facts the
  /// cache holds: made of the tag, the method and the facts alone, which is what the inputs hash.
  private static func line(_ tag: Tag, method: String, facts: borrowing AnswerFacts) -> LineageAnswer {
    let head = method == "HEAD"
    return LineageAnswer(
      kind: tag.kind, method: method, url: tag.url, status: facts.status, fetched: facts.fetched, etag: facts.etag,
      lastModified: facts.lastModified, sha256: head ? nil : LineageFile.shortDigest(facts.bodySHA256),
      length: head ? facts.contentLength : nil)
  }

  /// The watched listing pages read that no row of any file cites, in reading order: besides the
  /// rows' answers, the only ones a file's lineage names (drift needs to know they still answer).
  /// A walk reads tens of thousands of pages and drift watches a few hundred: each page's URL was
  /// hashed when its tag was made, so that hash is checked first and the text only on a match.
  private func uncitedWatched(_ watched: Set<String>, _ plan: LineagePlan) -> [Tag] {
    guard !watched.isEmpty else { return [] }
    let hashes = Set(watched.map(\.hashValue))
    return state.withLock { s in
      s.read.filter {
        hashes.contains($0.urlHash) && watched.contains($0.url) && plan.kind($0.kind)?.listing == true
          && !s.cited($0, plan: plan)
      }
    }
  }
}
