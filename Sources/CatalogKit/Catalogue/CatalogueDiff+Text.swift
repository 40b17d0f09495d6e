extension CatalogueDiff {
  /// The readable form `catalog diff` prints: counts first (all, then each series that changed),
  /// then top-level and series-block changes, then added, removed and changed records.
  public func text(old oldName: String, new newName: String) -> String {
    let noun = shape == CatalogueShape.stripovi.rawValue ? "comics" : "issues"
    var out = [stat(old: oldName, new: newName)]
    if isEmpty {
      out.append("")
      out.append("no differences")
      return out.joined(separator: "\n")
    }
    if reordered { out += ["", "the \(noun) shared by both files are in a different order"] }
    if !catalogue.isEmpty {
      out += ["", "catalogue:"]
      out += catalogue.map { "  " + line($0) }
    }
    if !seriesBlock.isEmpty {
      out += ["", "series block (\(seriesBlock.count)):"]
      for s in seriesBlock {
        out.append("  \(s.id)")
        out += s.changes.map { "    " + line($0) }
      }
    }
    func records(_ title: String, _ mark: String, _ list: [Record]) {
      guard !list.isEmpty else { return }
      out += ["", "\(title) (\(list.count)):"]
      var t = TextTable(header: [], leftAligned: [0, 1, 2])
      for r in list { t.append(["\(mark) \(r.series)", r.id, FieldValue.string(r.title).description]) }
      out.append(t.render(indent: "  "))
    }
    records("added", "+", added)
    records("removed", "-", removed)
    if !changed.isEmpty {
      out += ["", "changed (\(changed.count)):"]
      for c in changed {
        out.append("  \(c.series)  \(c.id)")
        out += c.changes.map { "    " + line($0) }
      }
    }
    if !identityChanged.isEmpty {
      out += [
        "", "identity changed (\(identityChanged.count)): readers lose read state and bookmarks for these ids:",
        "  " + identityChanged.prefix(20).joined(separator: ", ") + (identityChanged.count > 20 ? ", …" : ""),
      ]
    }
    return out.joined(separator: "\n")
  }

  /// The two files' record counts and the counts table (all records, then each series that
  /// changed): what `catalog diff --stat` prints for two files.
  public func stat(old oldName: String, new newName: String) -> String {
    let noun = shape == CatalogueShape.stripovi.rawValue ? "comics" : "issues"
    var out: [String] = []
    out.append("old: \(oldName) (\(Plural.count(oldCount, recordNoun)))")
    out.append("new: \(newName) (\(Plural.count(newCount, recordNoun)))")
    out.append("")
    var table = TextTable(header: ["", "added", "removed", "changed", "unchanged"])
    func row(_ name: String, _ c: Counts) -> [String] {
      [name, "\(c.added)", "\(c.removed)", "\(c.changed)", "\(c.unchanged)"]
    }
    table.append(row("all \(noun)", counts))
    let moved = series.filter { $0.counts.differs }
    for s in moved { table.append(row(s.series, s.counts)) }
    out.append(table.render())
    let quiet = series.count - moved.count
    if quiet > 0 && !moved.isEmpty {
      out.append("(\(quiet) other series unchanged)")
    }
    return out.joined(separator: "\n")
  }

  /// "issue", or "comic" for Stripovi: what one record of this shape is called.
  public var recordNoun: String { shape == CatalogueShape.stripovi.rawValue ? "comic" : "issue" }

  private func line(_ c: Change) -> String {
    "\(c.field): \(c.old?.description ?? "(absent)") => \(c.new?.description ?? "(absent)")"
  }
}

extension CatalogueDiff.Folder {
  /// The per-file table and its verdict, what `catalog diff --stat` prints for two folders: one row
  /// per file on either side (records on each side, then added, removed and changed records).
  public func table(old oldName: String, new newName: String) -> String {
    let oldFiles = files.filter { $0.status != .onlyNew }.count
    let newFiles = files.filter { $0.status != .onlyOld }.count
    var out = [
      "old: \(oldName) (\(Plural.count(oldFiles, "catalogue")))",
      "new: \(newName) (\(Plural.count(newFiles, "catalogue")))",
      "",
    ]
    var t = TextTable(header: ["file", "old", "new", "added", "removed", "changed", ""], leftAligned: [0, 6])
    func n(_ v: Int?) -> String { v.map(String.init) ?? "-" }
    for f in files {
      let status: String =
        switch f.status {
        case .same: ""
        case .changed: "changed"
        case .onlyOld: "only in old"
        case .onlyNew: "only in new"
        case .trouble: "error"
        }
      let counted = f.status != .trouble
      t.append([
        f.file, n(f.oldRecords), n(f.newRecords), counted ? "\(f.counts.added)" : "-",
        counted ? "\(f.counts.removed)" : "-", counted ? "\(f.counts.changed)" : "-", status,
      ])
    }
    let total = totals
    t.append([
      "total (\(Plural.count(files.count, "file")))", "\(files.compactMap(\.oldRecords).reduce(0, +))",
      "\(files.compactMap(\.newRecords).reduce(0, +))", "\(total.added)", "\(total.removed)", "\(total.changed)",
      "",
    ])
    out.append(t.render())
    out.append(verdict)
    return out.joined(separator: "\n")
  }

  /// "no differences in 18 catalogues", or "2 of 18 catalogues differ".
  public var verdict: String {
    let d = differing.count
    return d == 0
      ? "no differences in \(Plural.count(files.count, "catalogue"))"
      : "\(d) of \(Plural.count(files.count, "catalogue")) \(d == 1 ? "differs" : "differ")"
  }

  /// The table, then each differing file's own diff under a `==> file <==` heading (as tail(1)
  /// heads its files), so the whole change reads top to bottom.
  public func text(old oldName: String, new newName: String) -> String {
    var out = [table(old: oldName, new: newName)]
    for f in differing {
      out += ["", "==> \(f.file) <=="]
      let oldPath = Self.join(oldName, f.file)
      let newPath = Self.join(newName, f.file)
      switch f.status {
      case .changed:
        if let d = f.diff { out.append(d.text(old: oldPath, new: newPath)) }
      case .onlyOld:
        out.append("only in \(oldName): \(Plural.count(f.oldRecords ?? 0, "record")), all removed")
      case .onlyNew:
        out.append("only in \(newName): \(Plural.count(f.newRecords ?? 0, "record")), all added")
      case .trouble:
        out.append("error: \(f.error ?? "unreadable")")
      case .same:
        break
      }
    }
    return out.joined(separator: "\n")
  }

  /// `folder/file`, with one slash whether or not the folder was given with one.
  public static func join(_ folder: String, _ file: String) -> String {
    folder.hasSuffix("/") ? folder + file : folder + "/" + file
  }
}

/// ANSI colour for the diff's text on a terminal: added records green, removed red, headings bold.
/// The caller decides whether stdout is a terminal (and NO_COLOR is unset); this only paints the
/// lines `text(old:new:)` writes, recognised by the marks it puts first.
public enum DiffColour {
  static let green = "\u{1B}[32m"
  static let red = "\u{1B}[31m"
  static let bold = "\u{1B}[1m"
  static let reset = "\u{1B}[0m"

  public static func paint(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { raw in
      let line = String(raw)
      let body = line.drop { $0 == " " }
      if body.hasPrefix("+ ") { return green + line + reset }
      if body.hasPrefix("- ") { return red + line + reset }
      if line.hasPrefix("==> ") || line.hasPrefix("error: ") { return bold + line + reset }
      for heading in ["added (", "removed (", "changed (", "series block (", "identity changed ("]
      where line.hasPrefix(heading) {
        return bold + line + reset
      }
      return line
    }.joined(separator: "\n")
  }
}
