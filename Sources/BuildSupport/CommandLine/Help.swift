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
    lines += rows(SharedOption.all, tool: tool)
    lines.append("")
    lines.append("EXIT CODES: 0 written or unchanged, 64 usage, 65 failed validation (nothing written),")
    lines.append("            69 network needed but unavailable or a host refused us, 70 internal error, 74 I/O error.")
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
      var d = o.defaultValue
      if o.name == "--cache" { d = ".\(tool.source)-cache" }
      if o.name == "--jobs" { d = "\(tool.defaultJobs); at most \(tool.maxJobs)" }
      if o.name == "--delay" { d = String(tool.defaultDelayMS) }
      if o.name == "--probe-delay" { d = tool.defaultProbeDelayMS.map(String.init) ?? "the same as --delay" }
      if o.name == "--user-agent" {
        d = tool.userAgent == BuildDefaults.userAgent ? "Shelfmark's own" : "a desktop browser's"
      }
      let help = o.help + (d.map { " (default: \($0))" } ?? "")
      let pad =
        label.count + 2 > width
        ? "\n  " + String(repeating: " ", count: width) : String(repeating: " ", count: width - label.count)
      return "  " + label + pad + help
    }
  }
}
