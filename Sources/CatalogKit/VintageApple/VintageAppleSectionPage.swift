/// One file row of a section's table.
public struct VintageAppleRow: Sendable, Equatable {
  /// `pdf/<file>.pdf`, relative to the section, as the href writes it (entities decoded).
  public var pdf: String
  /// `thumb/<file>.jpg`, relative to the section.
  public var thumb: String?
  public var title: String
  public var year: Int?
  public var month: Int?
  /// 0-based row position in the table, the tie-breaker when sorting.
  public var position: Int
  /// The row's line in the page, for messages.
  public var line: Int

  /// The PDF's file name without the folder and the `.pdf`.
  public var stem: String {
    let file = pdf.split(separator: "/").last.map(String.init) ?? pdf
    return file.lowercased().hasSuffix(".pdf") ? String(file.dropLast(4)) : file
  }
}

/// A section listing, `https://vintageapple.org/<slug>/`: hand-written HTML tables, one row per file.
public enum VintageAppleSectionPage {
  /// A section page is the site's (`<title>Vintage Apple`), its file table is closed after it was
  /// opened, and the page ends with `</body>` (the real pages have no `</html>`).
  public static let shape = PageShape(
    kind: "Vintage Apple section page", identity: ["<title>Vintage Apple"], closing: ["</body>"],
    closedBlocks: [("<table", "</table>")])

  /// The rows of the page, in table order. A page with no file rows returns `[]`: the build warns and
  /// skips the section, and the thresholds decide whether the shelf may still be written.
  ///
  /// Rules are text-level, as the spec states them: split on `<tr`, and a chunk is a row only if it
  /// links `href="pdf/….pdf"`, so the header row and the layout rows drop out.
  public static func parse(_ bytes: [UInt8], url: String) throws(VintageAppleError) -> [VintageAppleRow] {
    guard !bytes.isEmpty, !bytes.prefix(1024).contains(0) else { throw VintageAppleError.notHTML(url: url) }
    // The pages declare UTF-8; one that is not is read as Latin-1 rather than losing accents.
    let text = TextDecoder.decode(bytes, policy: .utf8Else(.latin1)).text
    let chunks = text.components(separatedBy: "<tr")
    var rows: [VintageAppleRow] = []
    var line = 1 + chunks[0].utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    var lastRowLine = line
    var lastRowChunk = 0
    for (index, chunk) in chunks.enumerated().dropFirst() {
      defer { line += chunk.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } }
      guard let link = pdfLink(in: chunk[...]) else { continue }
      let table = tableDate(in: chunk[...])
      let month = table.month ?? VintageAppleFileDate.month(fileName: link.href, tableYear: table.year)
      rows.append(
        VintageAppleRow(
          pdf: link.href, thumb: thumb(in: chunk[...]),
          title: VintageAppleTitle.clean(linkText: link.text, href: link.href),
          year: table.year, month: month, position: rows.count, line: line))
      lastRowLine = line
      lastRowChunk = index
    }
    // A cut transfer ends inside the table: no `</table>` in the last row's chunk or after it.
    let closed = chunks[lastRowChunk...].contains { $0.range(of: "</table>", options: .caseInsensitive) != nil }
    if !rows.isEmpty, !closed {
      throw VintageAppleError.truncated(url: url, rows: rows.count, line: lastRowLine)
    }
    return rows
  }

  /// The first `href="pdf/….pdf"` (case-insensitive) and its link text up to `</a>`.
  static func pdfLink(in chunk: Substring) -> (href: String, text: String)? {
    var rest = chunk
    while let r = rest.range(of: "href=\"", options: .caseInsensitive) {
      guard let close = rest[r.upperBound...].firstIndex(of: "\"") else { return nil }
      let value = HTMLEntities.decode(String(rest[r.upperBound..<close]))
      rest = rest[rest.index(after: close)...]
      let lower = value.lowercased()
      guard lower.hasPrefix("pdf/"), lower.hasSuffix(".pdf"), lower.count > 8 else { continue }
      guard let tagEnd = rest.firstIndex(of: ">"),
        let end = rest[tagEnd...].range(of: "</a>", options: .caseInsensitive)
      else { return nil }
      return (value, MarkupText.inner(rest[rest.index(after: tagEnd)..<end.lowerBound]))
    }
    return nil
  }

  /// The first `src="thumb/…"`.
  static func thumb(in chunk: Substring) -> String? {
    var rest = chunk
    while let r = rest.range(of: "src=\"") {
      guard let close = rest[r.upperBound...].firstIndex(of: "\"") else { return nil }
      let value = HTMLEntities.decode(String(rest[r.upperBound..<close]))
      rest = rest[rest.index(after: close)...]
      if value.hasPrefix("thumb/"), value.count > 6 { return value }
    }
    return nil
  }

  /// Year and month from the first cell whose whole text is `YYYY` or `YYYY-MM` (19xx/20xx). The
  /// "Scanned" cell (`YYYY-MM-DD`) never matches because the whole text must match.
  static func tableDate(in chunk: Substring) -> (year: Int?, month: Int?) {
    var rest = chunk
    while let open = rest.range(of: "<td", options: .caseInsensitive) {
      guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">") else { break }
      let body = rest[rest.index(after: tagEnd)...]
      guard let close = body.range(of: "</td>", options: .caseInsensitive) else { break }
      let cell = MarkupText.inner(body[..<close.lowerBound])
      rest = body[close.upperBound...]
      if let date = yearMonth(cell) { return date }
    }
    return (nil, nil)
  }

  /// `^((?:19|20)\d{2})(?:-(\d{2}))?$`; the month counts only when it is 01–12.
  static func yearMonth(_ cell: String) -> (year: Int?, month: Int?)? {
    let u = Array(cell.utf8)
    guard u.count == 4 || (u.count == 7 && u[4] == UInt8(ascii: "-")) else { return nil }
    let digitPositions = u.count == 4 ? [0, 1, 2, 3] : [0, 1, 2, 3, 5, 6]
    guard digitPositions.allSatisfy({ u[$0] >= 0x30 && u[$0] <= 0x39 }) else { return nil }
    guard
      (u[0] == UInt8(ascii: "1") && u[1] == UInt8(ascii: "9"))
        || (u[0] == UInt8(ascii: "2") && u[1] == UInt8(ascii: "0"))
    else { return nil }
    let year = Int(String(decoding: u[0..<4], as: UTF8.self))
    guard u.count == 7, let m = Int(String(decoding: u[5..<7], as: UTF8.self)), (1...12).contains(m) else {
      return (year, nil)
    }
    return (year, m)
  }
}
