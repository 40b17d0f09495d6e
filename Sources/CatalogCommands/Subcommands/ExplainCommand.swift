import BuildSupport
import CatalogKit
import Foundation

/// `catalog explain FILE ID`: one row, each field with the answer it came from and how old that
/// answer is; with two lineage files, what changed between them. Reads the catalogue, the lineage
/// and (with `--cache`) the cache's records; never the network.
enum ExplainCommand: Subcommand {
  static let name = "explain"
  static let abstract = "Show which answers a catalogue row was built from, and what changed between two builds."
  static let usage = "explain <file> <id> [--lineage <file>] [--lineage <file>] [--cache <dir>] [--json]"
  static let arguments = [
    ("<file>", "A catalogue file."),
    ("<id>", "The row's id (an issue id, or a PopBoks or Stripovi number)."),
  ]
  static let lineage = Option.repeated(
    "--lineage", value: "<file>",
    help:
      "The build's lineage (JSON Lines); given twice, the older first, it also shows what changed. (default: <cache>/lineage/<catalogue>.jsonl.xz)"
  )
  static let cache = Option.text(
    "--cache", value: "<dir>", help: "The source's cache: says whether each answer is still the one the cache holds.",
    kind: .path)
  static let json = CommonOption.json("Print the explanation as JSON.")
  static let options: [any OptionDeclaring] = [lineage, cache, json]

  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    guard args.positionals.count == 2 else { return usageError("name one catalogue file and one row id.", console) }
    let (path, id) = (args.positionals[0], args.positionals[1])
    let file = (path as NSString).lastPathComponent
    let cache = args[Self.cache].map { URL(fileURLWithPath: $0) }
    var lineagePaths = args[Self.lineage]
    if lineagePaths.isEmpty, let cache {
      let folder = LineageRun.folder(cache)
      // A cache an older build left has its lineage under an older name (gzip, or uncompressed).
      let names = [LineageNames.current(file)] + LineageNames.legacyCurrent(file)
      let paths = names.map { folder.appendingPathComponent($0).path }
      lineagePaths = [paths.first { FileManager.default.fileExists(atPath: $0) } ?? paths[0]]
    }
    guard !lineagePaths.isEmpty else {
      return usageError("give --lineage <file>, or --cache <dir> to find it.", console)
    }
    guard lineagePaths.count <= 2 else { return usageError("--lineage takes at most two files (old, new).", console) }
    let catalogue: AnyCatalogue
    do {
      catalogue = try CatalogueReader.read(path)
    } catch {
      console.error("error: \(error)")
      return error.exitCode
    }
    var lineages: [LineageFile] = []
    for l in lineagePaths {
      guard let data = FileManager.default.contents(atPath: l) else {
        console.error("error: \(l): no such lineage file")
        return .io
      }
      do {
        lineages.append(try LineageFile.decode([UInt8](data)))
      } catch {
        console.error("error: \(l): not a lineage file: \(error)")
        return .invalid
      }
    }
    guard let values = Explanation.row(catalogue, id: id) else {
      console.error("error: \(path) has no row \(id)")
      return .trouble
    }
    let new = lineages[lineages.count - 1]
    guard let row = new.rows(of: file)[id] else {
      console.error("error: \(lineagePaths[lineagePaths.count - 1]) names no answers for \(id) of \(file)")
      return .trouble
    }
    let explanation = Explanation(
      file: file, id: id, values: values, row: row, lineage: new,
      changes: lineages.count == 2 ? LineageChange.changes(old: lineages[0], new: new, file: file, id: id) : nil,
      parserChange: lineages.count == 2 && LineageChange.isParserChange(old: lineages[0], new: new, file: file, id: id),
      cache: cache.map { CacheStore(root: $0) }, now: Date())
    if args[Self.json] {
      console.out((try? MachineJSON.encode(explanation.document)).map { String(decoding: $0, as: UTF8.self) } ?? "{}")
    } else {
      for line in explanation.text { console.out(line) }
    }
    return .ok
  }
}

/// One row explained: its values, each field's answer, and the answers in detail.
struct Explanation {
  var file: String
  var id: String
  var values: [(String, FieldValue)]
  var row: LineageRow
  var lineage: LineageFile
  var changes: [AnswerChange]?
  var parserChange: Bool
  var cache: CacheStore?
  var now: Date

  /// The row's fields as the catalogue writes them.
  static func row(_ c: AnyCatalogue, id: String) -> [(String, FieldValue)]? {
    switch c {
    case .issue(let c): c.issues.first { $0.id == id }?.diffFields
    case .popboks(let c): c.issues.first { String($0.id) == id }?.diffFields
    case .stripovi(let c): c.comics.first { String($0.id) == id }?.diffFields
    }
  }

  /// The answers the row cites, in the order its fields first cite them.
  var cited: [Int] { row.answers }

  /// Whole days since an answer was fetched, or nil when its time is unreadable.
  func ageDays(_ a: LineageAnswer) -> Int? {
    guard let f = a.fetched, let d = ISO8601DateFormatter().date(from: f) else { return nil }
    return max(0, Int(now.timeIntervalSince(d) / 86_400))
  }

  /// What the cache holds for the answer now: the same, another (refreshed since), or nothing.
  func inCache(_ a: LineageAnswer) -> String? {
    guard let cache, let url = URL(string: a.url) else { return nil }
    guard let r = cache.answerFacts(method: a.method == "HEAD" ? .head : .get, url: url) else { return "missing" }
    let same =
      r.status == a.status
      && (a.method == "HEAD" ? r.contentLength == a.length : a.sha256.map { r.bodySHA256.hasPrefix($0) } ?? false)
    return same ? "same" : "changed"
  }

  func describe(_ origin: FieldOrigin?) -> String {
    switch origin {
    case .answer(let n)?:
      guard let a = lineage.answer(for: origin) else { return "answer \(n)" }
      return "[\(n)] \(a.kind)"
    case .answers(let ns)?:
      let kinds = lineage.answers(for: origin).map(\.kind)
      let numbers = ns.map { "[\($0)]" }.joined(separator: " ")
      guard let first = kinds.first else { return "answers " + numbers }
      return numbers + " " + (kinds.allSatisfy { $0 == first } ? first : kinds.joined(separator: ", "))
    case .tool?: return "the tool's declaration"
    case .previous?: return "the previous catalogue"
    case nil: return "no recorded source"
    }
  }

  func answerLine(_ a: LineageAnswer) -> String {
    var parts = [a.method + " " + a.url, a.status.map { "status \($0)" } ?? "not in the cache when built"]
    if let f = a.fetched {
      parts.append("fetched \(f)" + (ageDays(a).map { " (\(Plural.count($0, "day")) old)" } ?? ""))
    }
    if let e = a.etag { parts.append("etag \(e)") }
    if let l = a.lastModified { parts.append("last-modified \(l)") }
    if let s = a.sha256 { parts.append("sha256 \(s)") }
    if let n = a.length { parts.append("length \(n)") }
    if let c = inCache(a) {
      parts.append(
        c == "same"
          ? "the cache still holds it"
          : c == "missing" ? "the cache no longer holds it" : "the cache holds a newer answer")
    }
    return parts.joined(separator: "  ")
  }

  var text: [String] {
    var out = ["\(file) \(id)"]
    let width = values.map(\.0.count).max() ?? 0
    for (field, value) in values {
      out.append(
        "  " + field.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(value)  ← "
          + describe(row.fields[field]))
    }
    out.append("answers:")
    for n in cited { out.append("  [\(n)] \(lineage.answers[n].kind): " + answerLine(lineage.answers[n])) }
    if let changes {
      if changes.isEmpty {
        out.append(
          "no answer changed between the two builds"
            + (parserChange ? "; a value that changed came from the parser" : ""))
      } else {
        out.append("changed between the two builds:")
        for c in changes {
          out.append("  " + c.fields.joined(separator: ", ") + ":")
          out.append("    old: " + (c.old.map(answerLine) ?? "no answer"))
          out.append("    new: " + (c.new.map(answerLine) ?? "no answer"))
        }
      }
    }
    return out
  }

  struct Document: Encodable {
    struct Field: Encodable {
      var field: String
      var value: FieldValue
      /// The answer's number, or `tool` / `previous`; absent when nothing is recorded.
      var answer: Int?
      /// Every answer's number when the field rests on several together (`answer` is the first).
      var answers: [Int]?
      var from: String?
    }
    struct Answer: Encodable {
      /// Its number in the lineage file (absent for the old side of a change).
      var answer: Int?
      var kind: String
      var method: String
      var url: String
      var status: Int?
      var fetched: String?
      var ageDays: Int?
      var etag: String?
      var lastModified: String?
      var sha256: String?
      var length: String?
      /// `same`, `changed` or `missing` with `--cache`.
      var cache: String?
    }
    struct Change: Encodable {
      var fields: [String]
      var old: Answer?
      var new: Answer?
    }
    var file: String
    var id: String
    var fields: [Field]
    var answers: [Answer]
    var changes: [Change]?
    var parserChange: Bool?
  }

  func answerDocument(_ n: Int?, _ a: LineageAnswer) -> Document.Answer {
    Document.Answer(
      answer: n, kind: a.kind, method: a.method, url: a.url, status: a.status, fetched: a.fetched, ageDays: ageDays(a),
      etag: a.etag, lastModified: a.lastModified, sha256: a.sha256, length: a.length, cache: inCache(a))
  }

  var document: Document {
    let fields = values.map { field, value -> Document.Field in
      switch row.fields[field] {
      case .answer(let n)?: Document.Field(field: field, value: value, answer: n, from: nil)
      case .answers(let ns)?: Document.Field(field: field, value: value, answer: ns.first, answers: ns, from: nil)
      case .tool?: Document.Field(field: field, value: value, answer: nil, from: "tool")
      case .previous?: Document.Field(field: field, value: value, answer: nil, from: "previous")
      case nil: Document.Field(field: field, value: value, answer: nil, from: nil)
      }
    }
    return Document(
      file: file, id: id, fields: fields, answers: cited.map { answerDocument($0, lineage.answers[$0]) },
      changes: changes?.map { c in
        Document.Change(
          fields: c.fields, old: c.old.map { answerDocument(nil, $0) }, new: c.new.map { answerDocument(nil, $0) })
      }, parserChange: changes == nil ? nil : parserChange)
  }
}
