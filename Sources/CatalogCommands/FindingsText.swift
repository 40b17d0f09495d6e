import CatalogKit

/// How findings read on a terminal: severity, rule, message, then the records named.
enum FindingsText {
  static func lines(_ findings: [Finding], indent: String = "  ") -> [String] {
    let sorted = findings.sorted { ($0.severity == .error ? 0 : 1) < ($1.severity == .error ? 0 : 1) }
    var out: [String] = []
    for f in sorted {
      let tag = f.severity == .error ? "ERROR" : "WARN "
      out.append("\(indent)\(tag) \(f.rule): \(f.message)")
      if !f.records.isEmpty { out.append("\(indent)      records: \(f.foldedRecords)") }
    }
    return out
  }

  /// `2 errors, 1 warning`, or `ok`.
  static func verdict(_ findings: [Finding]) -> String {
    let errors = findings.count { $0.severity == .error }
    let warnings = findings.count - errors
    if errors + warnings == 0 { return "ok" }
    var parts: [String] = []
    if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
    if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
    return parts.joined(separator: ", ")
  }
}
