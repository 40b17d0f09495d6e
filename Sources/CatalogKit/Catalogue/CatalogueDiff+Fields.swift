extension CatalogueDiff {
  /// Every field name a diff compares, in any shape: the top level, the issue shape's issues and
  /// series block, PopBoks issues and Stripovi comics. `--ignore` accepts only these, so a typo
  /// cannot silently compare everything. A test holds it equal to the records' `diffFields`.
  public static let fieldNames: [String] = [
    // Top level of every shape.
    "base", "generated", "magazine", "version",
    // Issue (the shared shape).
    "bytes", "cover", "dead", "id", "month", "number", "pages", "series", "thumb", "title", "year", "zip",
    // The issue shape's series block.
    "code", "key", "language", "name",
    // PopBoks issues.
    "columns", "firstPage", "label", "rows",
    // Stripovi comics.
    "creators", "date", "dir", "ext", "lead", "prefix", "width",
  ].sorted()

  /// The names in `fields` that no diff compares.
  public static func unknownFields(_ fields: some Sequence<String>) -> [String] {
    let known = Set(fieldNames)
    return fields.filter { !known.contains($0) }.sorted()
  }
}
