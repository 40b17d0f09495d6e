import Foundation

/// One answer a build read, as the lineage file names it: what was asked (method and URL), what the
/// cache holds for it (status, fetch time, validators, the body's SHA-256) and what kind of page it
/// is for its source (`listing`, `detail`, `head`…). Built from the cache record, never re-typed.
public struct LineageAnswer: Sendable, Equatable, Hashable {
  public var kind: String
  public var method: String
  public var url: String
  /// Nil when the cache no longer holds the answer (dropped mid-run, say): the row still names it.
  public var status: Int?
  public var fetched: String?
  public var etag: String?
  public var lastModified: String?
  /// The body's SHA-256 (the cache's content address); a HEAD has no body, so none.
  public var sha256: String?
  /// A HEAD's `Content-Length`: what a size probe answered (a GET's length is in its digest).
  public var length: String?

  public init(
    kind: String, method: String, url: String, status: Int? = nil, fetched: String? = nil, etag: String? = nil,
    lastModified: String? = nil, sha256: String? = nil, length: String? = nil
  ) {
    self.kind = kind
    self.method = method
    self.url = url
    self.status = status
    self.fetched = fetched
    self.etag = etag
    self.lastModified = lastModified
    self.sha256 = sha256
    self.length = length
  }

  /// The same request (the answer may differ): how two builds' answers are paired.
  public var request: String { method + " " + url }

  /// True when the two are the same request but the answer's content or status moved.
  public func contentDiffers(from other: LineageAnswer) -> Bool {
    status != other.status || sha256 != other.sha256 || length != other.length || etag != other.etag
      || lastModified != other.lastModified
  }
}

/// Where one field of a row came from: an answer of the build, several answers together (a
/// PopBoks grid's width rests on the last tile there and the first one missing), the source's own
/// declaration (a series table in the code), or the previous catalogue (a value no page shows).
public enum FieldOrigin: Sendable, Equatable, Hashable {
  case answer(Int)
  /// Two or more answer numbers, in the order the crawl tagged them; one is always `.answer`.
  case answers([Int])
  case tool
  case previous

  /// The answers cited: `numbers` of one answer or several, `.answer` for exactly one.
  public static func citing(_ numbers: [Int]) -> FieldOrigin? {
    switch numbers.count {
    case 0: nil
    case 1: .answer(numbers[0])
    default: .answers(numbers)
    }
  }

  /// The answer numbers the field cites (none for the tool's or the previous catalogue's).
  public var numbers: [Int] {
    switch self {
    case .answer(let n): [n]
    case .answers(let ns): ns
    case .tool, .previous: []
    }
  }

  /// The same origin with every answer number moved by `offset` (files merged into one).
  func shifted(by offset: Int) -> FieldOrigin {
    switch self {
    case .answer(let n): .answer(n + offset)
    case .answers(let ns): .answers(ns.map { $0 + offset })
    case .tool, .previous: self
    }
  }
}

/// A row's fields and where each came from, kept sorted by field name: a row has a dozen fields, so
/// a sorted array is built with no hashing (a walk's lineage makes one for each of tens of thousands
/// of rows) and the row line writes them in this order as they are.
public struct FieldOrigins: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
  public typealias Element = (field: String, origin: FieldOrigin)
  public private(set) var entries: [Element]

  public init() { entries = [] }

  /// From entries already sorted by field, each field once (what `LineagePlan` attributes).
  init(sorted entries: [Element]) { self.entries = entries }

  public init(_ origins: [String: FieldOrigin]) {
    entries = origins.map { (field: $0.key, origin: $0.value) }.sorted { $0.field < $1.field }
  }

  public init(dictionaryLiteral elements: (String, FieldOrigin)...) {
    self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }

  private func position(_ field: String) -> (found: Bool, at: Int) {
    var (low, high) = (0, entries.count)
    while low < high {
      let mid = (low + high) / 2
      if entries[mid].field < field { low = mid + 1 } else { high = mid }
    }
    return (low < entries.count && entries[low].field == field, low)
  }

  public subscript(field: String) -> FieldOrigin? {
    get {
      let p = position(field)
      return p.found ? entries[p.at].origin : nil
    }
    set {
      let p = position(field)
      switch (p.found, newValue) {
      case (true, let v?): entries[p.at].origin = v
      case (true, nil): entries.remove(at: p.at)
      case (false, let v?): entries.insert((field, v), at: p.at)
      case (false, nil): break
      }
    }
  }

  public var keys: [String] { entries.map(\.field) }
  public var values: [FieldOrigin] { entries.map(\.origin) }
  public var count: Int { entries.count }
  public var isEmpty: Bool { entries.isEmpty }

  public func mapValues(_ transform: (FieldOrigin) -> FieldOrigin) -> FieldOrigins {
    FieldOrigins(sorted: entries.map { ($0.field, transform($0.origin)) })
  }

  public func makeIterator() -> IndexingIterator<[Element]> { entries.makeIterator() }

  public static func == (a: FieldOrigins, b: FieldOrigins) -> Bool {
    a.entries.count == b.entries.count
      && zip(a.entries, b.entries).allSatisfy { $0.field == $1.field && $0.origin == $1.origin }
  }
}

/// One row's lineage: the answers it was built from and which field each gave. `answers` are
/// indices into the file's answer lines.
public struct LineageRow: Sendable, Equatable {
  public var file: String
  public var id: String
  public var fields: FieldOrigins

  public init(file: String, id: String, fields: FieldOrigins) {
    self.file = file
    self.id = id
    self.fields = fields
  }

  /// The answer numbers the row cites, in order.
  public var answers: [Int] {
    var out: [Int] = []
    for (_, origin) in fields {
      switch origin {
      case .answer(let n): if !out.contains(n) { out.append(n) }
      case .answers(let ns): for n in ns where !out.contains(n) { out.append(n) }
      case .tool, .previous: break
      }
    }
    return out.sorted()
  }
}

/// A whole lineage file: every answer once (a listing page serves hundreds of rows), then one line
/// per row naming its answers by number (an answer's place among the answer lines, or counting
/// back from the row's line when below zero). JSON Lines, keys in sorted order, one object a line:
///
///     {"fetched":"…","kind":"listing","method":"GET","sha256":"…","status":200,"url":"…"}
///     {"fetched":"…","kind":"detail","method":"GET","sha256":"…","status":200,"url":"…"}
///     {"fields":{"id":0,"pages":-1,"title":-1},"file":"retrospec-catalog.json","id":"SK_87_07"}
///
/// An answer line comes before the first row that cites it, so the file streams; pages read that
/// gave no row come last.
public struct LineageFile: Sendable, Equatable {
  public var answers: [LineageAnswer]
  public var rows: [LineageRow]

  public init(answers: [LineageAnswer] = [], rows: [LineageRow] = []) {
    self.answers = answers
    self.rows = rows
  }

  /// Several files' lineage as one (a run that writes seven catalogues writes one lineage file):
  /// each file's answer numbers shifted past the ones before.
  public static func merged(_ files: [LineageFile]) -> LineageFile {
    var out = LineageFile()
    for f in files {
      let offset = out.answers.count
      out.answers += f.answers
      for var r in f.rows {
        r.fields = r.fields.mapValues { $0.shifted(by: offset) }
        out.rows.append(r)
      }
    }
    return out
  }

  /// The answer a field of a row came from, if it came from one (the first, when several).
  public func answer(for origin: FieldOrigin?) -> LineageAnswer? { self.answers(for: origin).first }

  /// Every answer a field of a row came from, in the order the row cites them.
  public func answers(for origin: FieldOrigin?) -> [LineageAnswer] {
    (origin?.numbers ?? []).compactMap { answers.indices.contains($0) ? answers[$0] : nil }
  }

  /// The rows of one catalogue file, by id.
  public func rows(of file: String) -> [String: LineageRow] {
    var out: [String: LineageRow] = [:]
    for r in rows where r.file == file && out[r.id] == nil { out[r.id] = r }
    return out
  }

  /// The file's lines, uncompressed: each answer line written just before the first row citing it.
  /// Written as bytes grown in place: a walk's lineage is tens of thousands of lines.
  ///
  /// An answer's number is its place among the answer lines, so the lines carry none. A row cites
  /// the answers written just above it (its own detail page and size probe, which no earlier row
  /// cited) by counting back from its line, -1 the nearest: those numbers are the same on every
  /// row, where numbers counting from the top grow by a few each row and were a third of what a
  /// row with pages of its own cost compressed. An answer written further up (a listing page
  /// shared by many rows) is cited by its place.
  public func encoded() -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(rows.count * 160 + answers.count * 180)
    // Each answer's place among the lines, once written (-1 before): merged files write a file's
    // uncited pages after every row, so places and indices can differ.
    var place = [Int](repeating: -1, count: answers.count)
    var placed = 0
    // The answers a row is the first to cite, in ascending order: gathered in one buffer reused
    // for every row, as `LineageRow.answers` would make and sort an array for each.
    var first: [Int] = []
    var keys = FieldKeys()
    func cited(_ n: Int) {
      guard answers.indices.contains(n), place[n] < 0 else { return }
      place[n] = Int.max
      first.append(n)
    }
    // By place: a loop over the elements copied each row and answer whole to write it.
    for r in rows.indices {
      first.removeAll(keepingCapacity: true)
      for (_, origin) in rows[r].fields {
        switch origin {
        case .answer(let n): cited(n)
        case .answers(let ns): for n in ns { cited(n) }
        case .tool, .previous: break
        }
      }
      if first.count > 1 { first.sort() }
      let above = placed
      for n in first {
        place[n] = placed
        placed += 1
        LineageFile.appendAnswer(answers[n], to: &out)
      }
      LineageFile.appendRow(rows[r], to: &out, keys: &keys) { n in
        guard answers.indices.contains(n) else { return n }
        return place[n] >= above ? place[n] - placed : place[n]
      }
    }
    // Pages read that gave no row (a listing that came back empty): drift needs to know they answered.
    for n in answers.indices where place[n] < 0 { LineageFile.appendAnswer(answers[n], to: &out) }
    return out
  }

  /// The file as it is kept on disk: the lines xz-compressed (`.jsonl.xz`). A listing page's
  /// URL, kind and dates repeat on every line that cites it, so the lines shrink to a tenth or less.
  public func stored() throws -> [UInt8] { try LineageFile.compressed(encoded()) }

  /// Lines `encoded()` gave, compressed as a lineage file keeps them.
  public static func compressed(_ lines: [UInt8]) throws -> [UInt8] {
    do {
      return try Xz.compress(lines, effort: lines.count <= thoroughBytes ? .thorough : .quick)
    } catch {
      throw Malformed(line: 0, reason: "\(error)")
    }
  }

  /// Up to a megabyte of lines gets xz's thorough parse, bigger files its quick one, so that
  /// compressing a file costs at most about a sixth of a second here: a source with detail pages
  /// (RetroSpec's 675 rows, 400 KB of lines) needs the thorough parse to come to 28 bytes a row
  /// (the quick one gives 37, gzip 40); a listing-built source's big shelf (BombJack's 4,500 rows,
  /// 2 MB) comes to 15 bytes a row in 22 ms with the quick one, where the thorough one would take
  /// a quarter of a second a file, in every refresh that moves a listing page's fetch time.
  static let thoroughBytes = 1 << 20

  /// The lines of a kept lineage file: xz as builds write it, gzip as builds before 2026-12-08
  /// wrote it, or plain JSON Lines as older ones did. Nil when a compressed file does not inflate
  /// whole (cut or edited on disk) or to more than `maximumBytes`.
  public static func lines(of stored: [UInt8]) -> [UInt8]? {
    if Xz.isXz(stored) { return Xz.decompress(stored, cap: maximumBytes) }
    if GzipMembers.isGzip(stored) { return GzipMembers.inflateBody(stored, cap: maximumBytes) }
    return stored
  }

  /// How many hex digits of an answer body's SHA-256 a lineage keeps: 48 bits, as Docker's short
  /// image ids, tell the answers of one URL apart (two of its versions agree by chance once in 2^48)
  /// and find the body among that URL's in the cache. A digest is the one fact of a detail page's
  /// line no compression shrinks: the whole one was most of the line, 64 bits (builds before
  /// 2026-12-08) two bytes a RetroSpec row more than these.
  public static let digestDigits = 12

  /// A body's SHA-256 as a lineage keeps it.
  public static func shortDigest(_ sha256: String?) -> String? { sha256.map { String($0.prefix(digestDigits)) } }

  /// One answer line and its newline; keys in sorted order, absent values left out. Keys and
  /// numbers go in as bytes, with no string made per line: a walk writes tens of thousands.
  static func appendAnswer(_ a: LineageAnswer, to out: inout [UInt8]) {
    // Every key but the first has a comma before it; `kind` is always there, after the two
    // optional keys that sort before it.
    out.append(0x7B)
    func text(_ key: StaticString, _ value: String?) {
      guard let value else { return }
      if out.last != 0x7B { out.append(0x2C) }
      JSONBytes.append(key, to: &out)
      JSONString.append(value, to: &out)
    }
    text("\"etag\":", a.etag)
    text("\"fetched\":", a.fetched)
    text("\"kind\":", a.kind)
    text("\"lastModified\":", a.lastModified)
    text("\"length\":", a.length)
    text("\"method\":", a.method)
    text("\"sha256\":", a.sha256)
    if let v = a.status {
      JSONBytes.append(",\"status\":", to: &out)
      JSONBytes.append(v, to: &out)
    }
    text("\"url\":", a.url)
    JSONBytes.append("}\n", to: &out)
  }

  /// The field names of the rows written so far, each quoted with its colon (`"title":`) where it
  /// last stood: rows share a handful of field lists, and quoting every name of every row again was
  /// a fifth of encoding a walk's lineage.
  struct FieldKeys {
    private var names: [String] = []
    private var quoted: [[UInt8]] = []

    mutating func append(_ field: String, at i: Int, to out: inout [UInt8]) {
      if i < names.count, names[i] == field {
        out += quoted[i]
        return
      }
      var key: [UInt8] = []
      JSONString.append(field, to: &key)
      key.append(0x3A)
      if i < names.count {
        (names[i], quoted[i]) = (field, key)
      } else {
        names.append(field)
        quoted.append(key)
      }
      out += key
    }
  }

  /// One row line and its newline; keys (and field names) in sorted order, each answer cited by
  /// the number `cite` gives it.
  static func appendRow(_ r: LineageRow, to out: inout [UInt8], keys: inout FieldKeys, cite: (Int) -> Int) {
    JSONBytes.append("{\"fields\":{", to: &out)
    for (i, (field, origin)) in r.fields.enumerated() {
      if i > 0 { out.append(0x2C) }
      keys.append(field, at: i, to: &out)
      switch origin {
      case .answer(let n): JSONBytes.append(cite(n), to: &out)
      case .answers(let ns):
        out.append(0x5B)
        for (i, n) in ns.enumerated() {
          if i > 0 { out.append(0x2C) }
          JSONBytes.append(cite(n), to: &out)
        }
        out.append(0x5D)
      case .tool: JSONBytes.append("\"tool\"", to: &out)
      case .previous: JSONBytes.append("\"previous\"", to: &out)
      }
    }
    JSONBytes.append("},\"file\":", to: &out)
    JSONString.append(r.file, to: &out)
    JSONBytes.append(",\"id\":", to: &out)
    JSONString.append(r.id, to: &out)
    JSONBytes.append("}\n", to: &out)
  }

  /// Why a lineage file could not be read: the line and what is wrong with it.
  public struct Malformed: Error, CustomStringConvertible, Sendable {
    public var line: Int
    public var reason: String
    public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
  }

  /// The most a lineage file may inflate to: a million rows are a few hundred megabytes.
  public static let maximumBytes = 1 << 30

  /// Reads a lineage file, compressed as builds write it (or did, `lines(of:)`) or plain JSON Lines. A row citing an answer the file does not hold is malformed: it would
  /// explain a field with nothing.
  public static func decode(_ stored: [UInt8]) throws -> LineageFile {
    guard let bytes = lines(of: stored) else {
      throw Malformed(
        line: 0, reason: "not a whole \(Xz.isXz(stored) ? "xz" : "gzip") stream of at most \(maximumBytes >> 20) MB")
    }
    var file = LineageFile()
    var numbered: [Int: Int] = [:]
    var lineNumber = 0
    for raw in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      lineNumber += 1
      if raw.isEmpty { continue }
      guard let o = (try? JSONSerialization.jsonObject(with: Data(raw))) as? [String: Any] else {
        throw Malformed(line: lineNumber, reason: "not a JSON object")
      }
      if o["fields"] == nil, o["answer"] != nil || o["kind"] != nil || o["method"] != nil || o["url"] != nil {
        guard let kind = o["kind"] as? String, let method = o["method"] as? String, let url = o["url"] as? String
        else { throw Malformed(line: lineNumber, reason: "an answer line needs kind, method and url") }
        // Its place among the answer lines, unless it says its number (an older build's lines did).
        let n: Int
        if let declared = o["answer"] {
          guard let d = declared as? Int, d >= 0 else {
            throw Malformed(line: lineNumber, reason: "an answer's number is a whole number from 0")
          }
          n = d
        } else {
          n = file.answers.count
        }
        guard numbered[n] == nil else { throw Malformed(line: lineNumber, reason: "answer \(n) appears twice") }
        numbered[n] = file.answers.count
        file.answers.append(
          LineageAnswer(
            kind: kind, method: method, url: url, status: o["status"] as? Int, fetched: o["fetched"] as? String,
            etag: o["etag"] as? String, lastModified: o["lastModified"] as? String,
            // An older build wrote the whole digest: read short, it compares with a newer build's.
            sha256: shortDigest(o["sha256"] as? String),
            length: o["length"] as? String))
        continue
      }
      guard let id = o["id"] as? String, let name = o["file"] as? String, let fields = o["fields"] as? [String: Any]
      else { throw Malformed(line: lineNumber, reason: "neither an answer line nor a row line (file, id, fields)") }
      // A number below zero counts back from this line among the answer lines above it.
      func answer(_ n: Int) -> Int? {
        n < 0 ? (file.answers.count + n >= 0 ? file.answers.count + n : nil) : numbered[n]
      }
      var origins: [String: FieldOrigin] = [:]
      for (field, value) in fields {
        if let s = value as? String, s == "tool" {
          origins[field] = .tool
        } else if let s = value as? String, s == "previous" {
          origins[field] = .previous
        } else if let n = value as? Int, let at = answer(n) {
          origins[field] = .answer(at)
        } else if let ns = value as? [Int], ns.count >= 2, case let at = ns.compactMap(answer),
          at.count == ns.count
        {
          origins[field] = .answers(at)
        } else {
          throw Malformed(line: lineNumber, reason: "field \(field) of \(id) cites no answer above it")
        }
      }
      file.rows.append(LineageRow(file: name, id: id, fields: FieldOrigins(origins)))
    }
    return file
  }
}
