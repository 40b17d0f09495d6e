extension CatalogueDiff.Folder {
  /// Lists longer than this are folded into `<details>`, so a pull request opens on the counts.
  public static let markdownOpenRows = 10
  /// At most this many rows per list. The rest is counted, and `--json` or the text diff has every
  /// record.
  public static let markdownMaxRows = 200
  /// The longest document written, in UTF-8 bytes: GitHub refuses a pull request body over 65,536
  /// characters (a step summary may hold 1 MiB), and a first BombJack rebuild can change thousands
  /// of issues in seven files. Lists are shortened until the whole fits.
  public static let markdownMaxBytes = 60_000

  /// GitHub-flavoured Markdown for a pull request body and `$GITHUB_STEP_SUMMARY`: the verdict and
  /// the per-file table first, then each differing file's changes, long lists folded. `maxRemoved`
  /// (percent) marks the files that remove more than it. Lists hold at most `markdownMaxRows` rows,
  /// fewer when the document would pass `maxBytes`; past that, the end is cut with a note.
  public func markdown(
    old oldName: String, new newName: String, maxRemoved: Double? = nil, maxBytes: Int = markdownMaxBytes
  ) -> String {
    var text = ""
    for rows in [Self.markdownMaxRows, 50, 10, 0] {
      text = markdown(old: oldName, new: newName, maxRemoved: maxRemoved, rows: rows)
      if text.utf8.count <= maxBytes { return text }
    }
    let note = "\n… cut here to fit a pull request; `catalog diff --json` has every change.\n"
    var kept: [Substring] = []
    var size = note.utf8.count
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      size += line.utf8.count + 1
      if size > maxBytes { break }
      kept.append(line)
    }
    return kept.joined(separator: "\n") + note
  }

  private func markdown(old oldName: String, new newName: String, maxRemoved: Double?, rows: Int) -> String {
    var out: [String] = []
    let total = totals
    out.append("### Catalogue changes")
    out.append("")
    out.append(
      "\(Markdown.code(oldName)) → \(Markdown.code(newName)): **\(verdict)**"
        + (differs
          ? " (\(Plural.count(total.added, "record")) added, \(total.removed) removed, \(total.changed) changed)"
          : ""))
    out.append("")
    out.append("| catalogue | old | new | added | removed | changed | |")
    out.append("|---|--:|--:|--:|--:|--:|---|")
    func n(_ v: Int?) -> String { v.map(String.init) ?? "–" }
    for f in files {
      let status: String =
        switch f.status {
        case .same: "same"
        case .changed: "**changed**"
        case .onlyOld: "**only in old**"
        case .onlyNew: "**only in new**"
        case .trouble: "**error**"
        }
      let counted = f.status != .trouble
      out.append(
        "| \(Markdown.escape(f.file)) | \(n(f.oldRecords)) | \(n(f.newRecords)) | "
          + (counted ? "\(f.counts.added) | \(f.counts.removed) | \(f.counts.changed)" : "– | – | –")
          + " | \(status) |")
    }
    out.append(
      "| **total** | \(files.compactMap(\.oldRecords).reduce(0, +)) | \(files.compactMap(\.newRecords).reduce(0, +)) | \(total.added) | \(total.removed) | \(total.changed) | |"
    )
    if let maxRemoved {
      let over = removingMoreThan(percent: maxRemoved)
      if !over.isEmpty {
        out.append("")
        for f in over {
          out.append(
            "> **Too many removed:** \(Markdown.escape(f.file)) removes \(f.counts.removed) of \(f.oldRecords ?? 0) records (\(Markdown.percent(f.removedShare))), more than `--max-removed` \(Markdown.number(maxRemoved))%."
          )
        }
      }
    }
    for f in differing {
      out += ["", "#### \(Markdown.escape(f.file))", ""]
      switch f.status {
      case .onlyOld:
        out.append("Only in \(Markdown.code(oldName)): all \(Plural.count(f.oldRecords ?? 0, "record")) removed.")
      case .onlyNew:
        out.append("Only in \(Markdown.code(newName)): all \(Plural.count(f.newRecords ?? 0, "record")) added.")
      case .trouble:
        out.append("Error: \(Markdown.escape(f.error ?? "unreadable"))")
      case .changed:
        if let d = f.diff { out += d.markdownSections(rows: rows) }
      case .same:
        break
      }
    }
    return out.joined(separator: "\n") + "\n"
  }
}

extension CatalogueDiff {
  /// One file's changes in Markdown: per-series counts, top-level changes, then the added, removed
  /// and changed records, each list folded when long.
  func markdownSections(rows maxRows: Int = CatalogueDiff.Folder.markdownMaxRows) -> [String] {
    var out: [String] = []
    let noun = recordNoun
    out.append(
      "\(counts.added) added, \(counts.removed) removed, \(counts.changed) changed, \(counts.unchanged) unchanged \(Plural.noun(counts.unchanged, noun))."
    )
    if reordered { out += ["", "The \(noun)s both files share are in a different order."] }
    let moved = series.filter { $0.counts.differs }
    if !moved.isEmpty {
      var rows = ["| series | added | removed | changed | unchanged |", "|---|--:|--:|--:|--:|"]
      rows += moved.map {
        "| \(Markdown.key($0.series)) | \($0.counts.added) | \($0.counts.removed) | \($0.counts.changed) | \($0.counts.unchanged) |"
      }
      out += [""] + Markdown.fold("Series (\(moved.count))", rows, rowCount: moved.count)
    }
    if !catalogue.isEmpty {
      out += [""] + catalogue.map { "- \(Markdown.change($0))" }
    }
    if !seriesBlock.isEmpty {
      let rows = seriesBlock.map { s in
        "- \(Markdown.key(s.id)): " + s.changes.map(Markdown.change).joined(separator: "; ")
      }
      out += [""] + Markdown.fold("Series block (\(seriesBlock.count))", rows, rowCount: rows.count)
    }
    func records(_ title: String, _ list: [Record]) {
      guard !list.isEmpty else { return }
      guard maxRows > 0 else {
        out += ["", Markdown.unlisted(title, list.count)]
        return
      }
      let shown = list.prefix(maxRows)
      var rows = ["| series | id | title |", "|---|---|---|"]
      rows += shown.map {
        "| \(Markdown.key($0.series)) | \(Markdown.key($0.id)) | \(Markdown.escape($0.title)) |"
      }
      if list.count > shown.count { rows += ["", "… and \(list.count - shown.count) more."] }
      out += [""] + Markdown.fold("\(title) (\(list.count))", rows, rowCount: list.count)
    }
    records("Added", added)
    records("Removed", removed)
    if !changed.isEmpty && maxRows == 0 {
      out += ["", Markdown.unlisted("Changed", changed.count)]
    } else if !changed.isEmpty {
      let shown = changed.prefix(maxRows)
      var rows = shown.map { c in
        "- \(Markdown.key(c.series)) \(Markdown.key(c.id)): "
          + c.changes.map(Markdown.change).joined(separator: "; ")
      }
      if changed.count > shown.count { rows += ["", "… and \(changed.count - shown.count) more."] }
      out += [""] + Markdown.fold("Changed (\(changed.count))", rows, rowCount: changed.count)
    }
    if !identityChanged.isEmpty {
      out += [
        "",
        "**Identity changed (\(identityChanged.count))**: readers lose read state and bookmarks for "
          + identityChanged.prefix(20).map(Markdown.key).joined(separator: ", ")
          + (identityChanged.count > 20 ? ", …" : ""),
      ]
    }
    return out
  }
}

/// The Markdown spelling rules the diff needs: escaping text from the catalogues (titles hold `|`,
/// `*`, `<`), code spans, and folding.
enum Markdown {
  /// Text that must read as itself inside a table cell or a list item.
  /// Bidi controls are shown as their code points (`BidiControl`): they would reorder the line.
  static func escape(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.count)
    for ch in BidiControl.neutralised(s) {
      switch ch {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\n", "\r", "\t": out += " "
      case "\\", "|", "*", "_", "[", "]", "`", "#", "~": out += "\\" + String(ch)
      default: out.append(ch)
      }
    }
    return out
  }

  /// A code span that survives backticks in the text (CommonMark: a longer fence).
  static func code(_ raw: String) -> String {
    let s = BidiControl.neutralised(raw)
    return s.contains("`") ? "`` \(s) ``" : "`\(s)`"
  }

  /// An id or series key as a code span, so it reads (and searches) exactly as the file has it;
  /// only a pipe is escaped, which GFM needs even inside code in a table cell.
  static func key(_ s: String) -> String {
    code(s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " "))
  }

  static func change(_ c: CatalogueDiff.Change) -> String {
    "\(escape(c.field)): \(escape(c.old?.description ?? "(absent)")) → \(escape(c.new?.description ?? "(absent)"))"
  }

  /// `rows` under a bold title, or inside `<details>` with the title as summary when there are
  /// more than `markdownOpenRows`.
  static func fold(_ title: String, _ rows: [String], rowCount: Int) -> [String] {
    if rowCount <= CatalogueDiff.Folder.markdownOpenRows { return ["**\(title)**", ""] + rows }
    return ["<details><summary>\(title)</summary>", ""] + rows + ["", "</details>"]
  }

  /// A list left out because the page would be too long for GitHub.
  static func unlisted(_ title: String, _ count: Int) -> String {
    "**\(title) (\(count))**: too many to list here; `catalog diff --json` lists them."
  }

  static func percent(_ share: Double) -> String {
    let tenths = (share * 1000).rounded() / 10
    return number(tenths) + "%"
  }

  static func number(_ d: Double) -> String {
    Int(exactly: d).map(String.init) ?? String(d)
  }
}
