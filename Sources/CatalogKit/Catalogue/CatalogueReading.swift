/// Reads a catalogue's JSON straight into its types in one strict pass over the bytes.
///
/// `CatalogueFile` used to scan a file strictly and then hand it to `JSONDecoder`, which parsed it a
/// second time into a tree before building the values: most of the time `catalog check` and `diff`
/// spent. This reader does both in the scan's own pass, with the scan's own pieces (strings, numbers,
/// literals, the duplicate-key and depth checks, the number rules by key), so a file it accepts is one
/// the scan accepts. It knows only well-formed catalogues: on anything else (a syntax error, a
/// duplicate key, a missing field, a field of another type, a byte-order mark) it gives up without a
/// word, and `CatalogueFile` reads the file the old way, which names the trouble exactly as before.
enum CatalogueReading {
  /// The catalogue the bytes hold, or nil when they are not a plain well-formed catalogue. The shape
  /// is the one the top-level keys decide (`comics`, else `magazine`, else the issue shape), as
  /// `CatalogueFile` decides it; the version is not checked here.
  static func read(_ bytes: [UInt8]) -> AnyCatalogue? {
    guard !bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return nil }
    // Most files are of the issue shape, whose attempt gives up at the first top-level key or record
    // field that belongs to another shape; trying the shapes in turn costs a failed attempt a few
    // records at most.
    if let c = attempt(bytes, { s throws(StrictJSONError) in AnyCatalogue.issue(try s.issueCatalogue()) }) {
      return c
    }
    if let c = attempt(bytes, { s throws(StrictJSONError) in AnyCatalogue.popboks(try s.popboksCatalogue()) }) {
      return c
    }
    return attempt(bytes, { s throws(StrictJSONError) in AnyCatalogue.stripovi(try s.stripoviCatalogue()) })
  }

  private static func attempt(
    _ bytes: [UInt8], _ body: (inout StrictJSON.Scanner) throws(StrictJSONError) -> AnyCatalogue
  ) -> AnyCatalogue? {
    var s = StrictJSON.Scanner(bytes: bytes, numbers: StrictJSON.catalogueNumbers)
    do {
      s.skipSpace()
      let c = try body(&s)
      s.skipSpace()
      return s.i == bytes.count ? c : nil
    } catch {
      return nil
    }
  }
}

extension StrictJSON.Scanner {
  /// Every way a typed read gives up: the caller reads the file again with the scan, which names the
  /// place and the reason, so this carries neither.
  static var unfit: StrictJSONError { .syntax(line: 0, column: 0, message: "not a plain catalogue") }

  // MARK: The three shapes

  mutating func issueCatalogue() throws(StrictJSONError) -> IssueCatalogue {
    var version: Int?
    var generated: String?
    var base: String?
    var series: [Series]?
    var issues: [Issue]?
    try members(depth: 1) { s, key throws(StrictJSONError) in
      switch key {
      case "version": version = try s.int(key)
      case "generated": generated = try s.text()
      case "base": base = try s.text()
      case "series": series = try s.elements(depth: 2) { s throws(StrictJSONError) in try s.series() }
      case "issues": issues = try s.elements(depth: 2) { s throws(StrictJSONError) in try s.issue() }
      // These make the file another shape.
      case "magazine", "comics": throw Self.unfit
      default: return false
      }
      return true
    }
    guard let version, let generated, let base, let series, let issues else { throw Self.unfit }
    return IssueCatalogue(version: version, generated: generated, base: base, series: series, issues: issues)
  }

  mutating func popboksCatalogue() throws(StrictJSONError) -> PopBoksCatalogue {
    var version: Int?
    var generated: String?
    var base: String?
    var magazine: String?
    var issues: [PopBoksIssue]?
    try members(depth: 1) { s, key throws(StrictJSONError) in
      switch key {
      case "version": version = try s.int(key)
      case "generated": generated = try s.text()
      case "base": base = try s.text()
      case "magazine": magazine = try s.text()
      case "issues": issues = try s.elements(depth: 2) { s throws(StrictJSONError) in try s.popboksIssue() }
      case "comics": throw Self.unfit
      default: return false
      }
      return true
    }
    guard let version, let generated, let base, let magazine, let issues else { throw Self.unfit }
    return PopBoksCatalogue(version: version, generated: generated, base: base, magazine: magazine, issues: issues)
  }

  mutating func stripoviCatalogue() throws(StrictJSONError) -> StripoviCatalogue {
    var version: Int?
    var generated: String?
    var base: String?
    var comics: [Comic]?
    try members(depth: 1) { s, key throws(StrictJSONError) in
      switch key {
      case "version": version = try s.int(key)
      case "generated": generated = try s.text()
      case "base": base = try s.text()
      case "comics": comics = try s.elements(depth: 2) { s throws(StrictJSONError) in try s.comic() }
      default: return false
      }
      return true
    }
    guard let version, let generated, let base, let comics else { throw Self.unfit }
    return StripoviCatalogue(version: version, generated: generated, base: base, comics: comics)
  }

  // MARK: Records

  mutating func series() throws(StrictJSONError) -> Series {
    var key: String?
    var name: String?
    var code: String?
    var language: String?
    try members(depth: 3) { s, k throws(StrictJSONError) in
      switch k {
      case "key": key = try s.text()
      case "name": name = try s.text()
      case "code": code = try s.text()
      case "language": language = try s.optionalText()
      default: return false
      }
      return true
    }
    guard let key, let name, let code else { throw Self.unfit }
    return Series(key: key, name: name, code: code, language: language)
  }

  mutating func issue() throws(StrictJSONError) -> Issue {
    var id: String?
    var series: String?
    var number: Int?
    var title: String?
    var zip: String?
    var year: Int?
    var month: Int?
    var cover: String?
    var thumb: String?
    var bytes: Int64?
    var pages: Int?
    var dead: Bool?
    try members(depth: 3) { s, k throws(StrictJSONError) in
      switch k {
      case "id": id = try s.text()
      case "series": series = try s.text()
      case "number": number = try s.int(k)
      case "title": title = try s.text()
      case "zip": zip = try s.text()
      case "year": year = try s.optionalInt(k)
      case "month": month = try s.optionalInt(k)
      case "cover": cover = try s.optionalText()
      case "thumb": thumb = try s.optionalText()
      case "bytes": bytes = try s.isNull() ? nil : s.integer(k)
      case "pages": pages = try s.optionalInt(k)
      case "dead": dead = try s.optionalBool()
      default: return false
      }
      return true
    }
    guard let id, let series, let number, let title, let zip else { throw Self.unfit }
    return Issue(
      id: id, series: series, number: number, title: title, year: year, month: month, zip: zip, cover: cover,
      thumb: thumb, bytes: bytes, pages: pages, dead: dead)
  }

  mutating func popboksIssue() throws(StrictJSONError) -> PopBoksIssue {
    var id: Int?
    var number: Int?
    var title: String?
    var label: String?
    var year: Int?
    var month: Int?
    var firstPage: Int?
    var pages: Int?
    var columns: Int?
    var rows: Int?
    try members(depth: 3) { s, k throws(StrictJSONError) in
      switch k {
      case "id": id = try s.int(k)
      case "number": number = try s.int(k)
      case "title": title = try s.text()
      case "label": label = try s.text()
      case "year": year = try s.int(k)
      case "month": month = try s.optionalInt(k)
      case "firstPage": firstPage = try s.int(k)
      case "pages": pages = try s.int(k)
      case "columns": columns = try s.int(k)
      case "rows": rows = try s.int(k)
      default: return false
      }
      return true
    }
    guard let id, let number, let title, let label, let year, let firstPage, let pages, let columns, let rows else {
      throw Self.unfit
    }
    return PopBoksIssue(
      id: id, number: number, title: title, label: label, year: year, month: month, firstPage: firstPage,
      pages: pages, columns: columns, rows: rows)
  }

  mutating func comic() throws(StrictJSONError) -> Comic {
    var id: Int?
    var title: String?
    var series: String?
    var number: Int?
    var pages: Int?
    var cover: String?
    var creators: String?
    var date: String?
    var lead: String?
    var dir: String?
    var prefix: String?
    var width: Int?
    var ext: String?
    try members(depth: 3) { s, k throws(StrictJSONError) in
      switch k {
      case "id": id = try s.int(k)
      case "title": title = try s.text()
      case "series": series = try s.optionalText()
      case "number": number = try s.int(k)
      case "pages": pages = try s.int(k)
      case "cover": cover = try s.text()
      case "creators": creators = try s.text()
      case "date": date = try s.text()
      case "lead": lead = try s.optionalText()
      case "dir": dir = try s.text()
      case "prefix": prefix = try s.text()
      case "width": width = try s.int(k)
      case "ext": ext = try s.text()
      default: return false
      }
      return true
    }
    guard let id, let title, let number, let pages, let cover, let creators, let date, let dir, let prefix,
      let width, let ext
    else { throw Self.unfit }
    return Comic(
      id: id, title: title, series: series, number: number, pages: pages, cover: cover, creators: creators,
      date: date, lead: lead, dir: dir, prefix: prefix, width: width, ext: ext)
  }

  // MARK: Containers

  /// An object's members, with the scan's checks: `visit` reads the value of a key its type knows
  /// and says so; any other value gets what the scan gives it (the number rule by key, the depth
  /// limit, every string and literal checked), as `JSONDecoder` ignores unknown keys but the scan
  /// does not.
  mutating func members(
    depth: Int, _ visit: (inout Self, String) throws(StrictJSONError) -> Bool
  ) throws(StrictJSONError) {
    guard depth <= StrictJSON.depthLimit, peek(UInt8(ascii: "{")) else { throw Self.unfit }
    i += 1
    // Duplicates found as the scan finds them: by comparison up to 16 keys, then by hashing.
    var seen: [String] = []
    var index: Set<String>? = nil
    skipSpace()
    if peek(UInt8(ascii: "}")) {
      i += 1
      return
    }
    while true {
      skipSpace()
      guard peek(UInt8(ascii: "\"")) else { throw Self.unfit }
      let key = try string()
      if index != nil {
        guard index?.contains(key) == false else { throw Self.unfit }
        index?.insert(key)
      } else {
        guard !seen.contains(key) else { throw Self.unfit }
        seen.append(key)
        if seen.count == 16 { index = Set(seen) }
      }
      skipSpace()
      guard peek(UInt8(ascii: ":")) else { throw Self.unfit }
      i += 1
      skipSpace()
      if try !visit(&self, key) { try unknownValue(key: key, depth: depth + 1) }
      skipSpace()
      guard i < bytes.count else { throw Self.unfit }
      if bytes[i] == UInt8(ascii: ",") {
        i += 1
        continue
      }
      guard bytes[i] == UInt8(ascii: "}") else { throw Self.unfit }
      i += 1
      return
    }
  }

  /// A value no field of the type reads: checked exactly as the scan checks a member's value.
  mutating func unknownValue(key: String, depth: Int) throws(StrictJSONError) {
    if i < bytes.count, bytes[i] == UInt8(ascii: "-") || isDigit(bytes[i]), let rule = numbers[key] {
      let literal = try number()
      guard let n = Self.wholeNumber(literal), rule == .integer || n >= 0 else { throw Self.unfit }
    } else {
      var ignored = StrictJSON.Summary(topLevelIsObject: true, topLevelKeys: [], version: nil)
      try value(depth: depth, top: &ignored)
    }
  }

  /// An array whose elements `each` reads; `depth` is the array's own.
  mutating func elements<T>(depth: Int, _ each: (inout Self) throws(StrictJSONError) -> T) throws(StrictJSONError)
    -> [T]
  {
    guard depth <= StrictJSON.depthLimit, peek(UInt8(ascii: "[")) else { throw Self.unfit }
    i += 1
    var out: [T] = []
    skipSpace()
    if peek(UInt8(ascii: "]")) {
      i += 1
      return out
    }
    while true {
      skipSpace()
      out.append(try each(&self))
      skipSpace()
      guard i < bytes.count else { throw Self.unfit }
      if bytes[i] == UInt8(ascii: ",") {
        i += 1
        continue
      }
      guard bytes[i] == UInt8(ascii: "]") else { throw Self.unfit }
      i += 1
      return out
    }
  }

  // MARK: Scalars

  /// A string, and nothing else (`JSONDecoder` does not turn numbers into strings).
  mutating func text() throws(StrictJSONError) -> String {
    guard peek(UInt8(ascii: "\"")) else { throw Self.unfit }
    return try string()
  }

  mutating func optionalText() throws(StrictJSONError) -> String? {
    try isNull() ? nil : text()
  }

  /// True (and past it) when a `null` stands here: an optional field's "absent".
  mutating func isNull() throws(StrictJSONError) -> Bool {
    guard peek(UInt8(ascii: "n")) else { return false }
    try literal("null")
    return true
  }

  /// A whole number under its key's rule (every numeric field of every shape has one).
  mutating func integer(_ key: String) throws(StrictJSONError) -> Int64 {
    guard i < bytes.count, bytes[i] == UInt8(ascii: "-") || isDigit(bytes[i]) else { throw Self.unfit }
    let literal = try number()
    guard let n = Self.wholeNumber(literal) else { throw Self.unfit }
    if numbers[key] == .count, n < 0 { throw Self.unfit }
    return n
  }

  mutating func int(_ key: String) throws(StrictJSONError) -> Int {
    guard let n = Int(exactly: try integer(key)) else { throw Self.unfit }
    return n
  }

  mutating func optionalInt(_ key: String) throws(StrictJSONError) -> Int? {
    try isNull() ? nil : int(key)
  }

  mutating func optionalBool() throws(StrictJSONError) -> Bool? {
    if try isNull() { return nil }
    if peek(UInt8(ascii: "t")) {
      try literal("true")
      return true
    }
    guard peek(UInt8(ascii: "f")) else { throw Self.unfit }
    try literal("false")
    return false
  }
}
