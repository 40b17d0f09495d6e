extension CatalogueDiff {
  /// The readable form `catalog diff` prints: counts first (all, then each series that changed),
  /// then top-level and series-block changes, then added, removed and changed records.
  public func text(old oldName: String, new newName: String) -> String {
    let noun = shape == CatalogueShape.stripovi.rawValue ? "comics" : "issues"
    var out: [String] = []
    out.append("old: \(oldName) (\(oldCount) \(noun))")
    out.append("new: \(newName) (\(newCount) \(noun))")
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

  private func line(_ c: Change) -> String {
    "\(c.field): \(c.old?.description ?? "(absent)") => \(c.new?.description ?? "(absent)")"
  }
}
