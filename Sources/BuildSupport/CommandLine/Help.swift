/// The help screen every tool shares: OVERVIEW, USAGE, OPTIONS with defaults, then DISCUSSION.
enum Help {
  static func text(for tool: BuildTool) -> String {
    var lines = ["OVERVIEW: \(tool.abstract)", ""]
    let own = tool.options.map { o in o.value.map { "[\(o.name) \($0)]" } ?? "[\(o.name)]" }
    lines.append(
      "USAGE: \(tool.name) [--no-network] [--cache <dir>] [--out <dir>] [--mirror <url>] [--only <keys>] ...")
    // The tool's own options continue the usage line, wrapped under it at 100 columns.
    let indent = String(repeating: " ", count: "USAGE: ".count + tool.name.count + 1)
    var line = indent
    for o in own {
      if line.count + o.count + 1 > 100, line != indent {
        lines.append(line)
        line = indent
      }
      line += (line == indent ? "" : " ") + o
    }
    if line != indent { lines.append(line) }
    lines.append("")
    if !tool.options.isEmpty {
      lines.append("\(tool.name.uppercased()) OPTIONS:")
      lines += rows(tool.options, tool: tool)
      lines.append("")
    }
    lines.append("OPTIONS:")
    lines += rows(SharedOptions.all(for: tool), tool: tool)
    lines.append("")
    lines.append("EXIT CODES: 0 written or unchanged, 64 usage, 65 failed validation (nothing written),")
    lines.append("            69 network needed but unavailable or a host refused us, 70 internal error, 74 I/O error.")
    lines.append("            75 --max-time reached (nothing written, the cache kept).")
    if let d = tool.discussion {
      lines.append("")
      lines.append("DISCUSSION:")
      lines += d.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func rows(_ options: [ToolOption], tool: BuildTool) -> [String] {
    let labels = options.map { o in o.value.map { "\(o.name) \($0)" } ?? o.name }
    let width = min((labels.map(\.count).max() ?? 0) + 2, 28)
    return zip(options, labels).map { o, label in
      var notes: [String] = []
      if let d = o.defaultValue { notes.append("default: \(d)") }
      // --jobs says its ceiling in its default ("1; at most 8").
      if o.name != "--jobs", let r = o.kind.rangeText { notes.append(r) }
      let help = o.help + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")")
      let pad =
        label.count + 2 > width
        ? "\n  " + String(repeating: " ", count: width) : String(repeating: " ", count: width - label.count)
      return "  " + label + pad + help
    }
  }
}
