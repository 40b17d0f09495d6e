/// What moved between two builds' evidence for one row: per field, the answer it came from then and
/// now. A row whose value changed while every answer stayed the same was changed by the parser or
/// the assembly, not by the site.
public struct AnswerChange: Sendable, Equatable {
  /// The fields that answer gave (in either build), sorted.
  public var fields: [String]
  public var old: LineageAnswer?
  public var new: LineageAnswer?
}

public enum LineageChange {
  /// The answers of `row` that differ between `old` and `new` (another request for a field, or the
  /// same request answered with other content), one entry per pair, in field order; a field that
  /// rests on several answers pairs them in the order each build cites them.
  public static func changes(old: LineageFile, new: LineageFile, file: String, id: String) -> [AnswerChange] {
    let before = old.rows(of: file)[id]
    let after = new.rows(of: file)[id]
    let fields = Set(before?.fields.keys.map { $0 } ?? []).union(after?.fields.keys.map { $0 } ?? []).sorted()
    var out: [AnswerChange] = []
    for field in fields {
      // A field several answers give together is paired answer by answer, in the order cited.
      let was = old.answers(for: before?.fields[field])
      let now = new.answers(for: after?.fields[field])
      for i in 0..<max(was.count, now.count) {
        let a = i < was.count ? was[i] : nil
        let b = i < now.count ? now[i] : nil
        let moved: Bool
        switch (a, b) {
        case (nil, nil): moved = false
        case (let a?, let b?): moved = a.request != b.request || a.contentDiffers(from: b)
        default: moved = true
        }
        guard moved else { continue }
        if let j = out.firstIndex(where: { $0.old == a && $0.new == b }) {
          if !out[j].fields.contains(field) { out[j].fields.append(field) }
        } else {
          out.append(AnswerChange(fields: [field], old: a, new: b))
        }
      }
    }
    return out
  }

  /// True when both builds have lineage for the row and none of its answers moved: a value that
  /// changed anyway came from the parser.
  public static func isParserChange(old: LineageFile, new: LineageFile, file: String, id: String) -> Bool {
    guard old.rows(of: file)[id] != nil, new.rows(of: file)[id] != nil else { return false }
    return changes(old: old, new: new, file: file, id: id).isEmpty
  }
}
