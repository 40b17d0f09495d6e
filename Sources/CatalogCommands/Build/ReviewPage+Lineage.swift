import CatalogKit
import Foundation

/// Evidence on the review page: for a changed row, the answers that moved between the previous
/// build's lineage and this one's, and the command that explains it; a row whose answers all stayed
/// the same while its value changed is flagged as a parser change.
struct ReviewEvidence {
  /// One catalogue's two lineage files as `catalog build` kept them beside its report.
  struct Pair {
    var old: LineageFile
    var new: LineageFile
    var oldPath: String
    var newPath: String
  }

  var pairs: [String: Pair] = [:]
  /// The folder of the rebuilt catalogues as the command should name it (`catalogs-new`).
  var newFolder: String = "catalogs-new"

  /// `<folder>/<stem>.previous.jsonl.xz` and `<folder>/<stem>.jsonl.xz` for each file, when both are there.
  static func read(_ folder: URL, files: [String], shownAs shown: String) -> ReviewEvidence {
    var out = ReviewEvidence()
    for file in files {
      let old = folder.appendingPathComponent(LineageNames.previous(file))
      let new = folder.appendingPathComponent(LineageNames.current(file))
      guard let a = FileManager.default.contents(atPath: old.path),
        let b = FileManager.default.contents(atPath: new.path),
        let oldFile = try? LineageFile.decode([UInt8](a)), let newFile = try? LineageFile.decode([UInt8](b))
      else { continue }
      out.pairs[file] = Pair(
        old: oldFile, new: newFile, oldPath: shown + "/" + old.lastPathComponent,
        newPath: shown + "/" + new.lastPathComponent)
    }
    return out
  }

  /// The evidence lines of one changed row, empty when no lineage covers it.
  func lines(file: String, id: String) -> (lines: [String], parserChange: Bool) {
    guard let p = pairs[file] else { return ([], false) }
    guard p.old.rows(of: file)[id] != nil, p.new.rows(of: file)[id] != nil else { return ([], false) }
    let command =
      "catalog explain \(newFolder)/\(file) \(id) --lineage \(p.oldPath) --lineage \(p.newPath)"
    let changes = LineageChange.changes(old: p.old, new: p.new, file: file, id: id)
    if changes.isEmpty {
      return (
        ["parser change: no answer this row was built from changed; the parser or the assembly did", command], true
      )
    }
    var out: [String] = []
    for c in changes {
      let fields = c.fields.joined(separator: ", ")
      if let a = c.old, let b = c.new, a.request != b.request {
        // Another request now (a PopBoks grid's edge moved a tile along): both are named.
        out.append(
          fields + " from " + b.kind + ": " + a.request + " " + Self.side(a) + " → " + b.request + " " + Self.side(b))
        continue
      }
      let what = (c.new ?? c.old).map { "\($0.kind) \($0.method) \($0.url)" } ?? "no answer"
      out.append(fields + " from " + what + ": " + Self.side(c.old) + " → " + Self.side(c.new))
    }
    out.append(command)
    return (out, false)
  }

  static func side(_ a: LineageAnswer?) -> String {
    guard let a else { return "none" }
    let digest = a.sha256.map { "sha256 " + $0 } ?? a.length.map { "length " + $0 } ?? "no digest"
    return "fetched \(a.fetched ?? "?") (\(a.status.map(String.init) ?? "?"), \(digest))"
  }
}
