/// How bad a failed rule is: an error blocks the write (exit 65); a warning is reported.
public enum Severity: String, Sendable, Codable, Comparable {
  case warning = "WARN"
  case error = "ERROR"

  public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
}

/// One rule's verdict on one catalogue.
public struct Finding: Sendable, Equatable, Codable {
  /// The rule's stable name, e.g. `issues/unique-id`.
  public var rule: String
  public var severity: Severity
  /// One sentence saying what is wrong.
  public var message: String
  /// Every offending record id (JSON reports list them all; text folds them, see `foldedRecords`).
  public var records: [String]
  /// How many records failed in all.
  public var count: Int

  public init(rule: String, severity: Severity, message: String, records: [String] = [], count: Int? = nil) {
    self.rule = rule
    self.severity = severity
    self.message = message
    self.records = records
    self.count = count ?? records.count
  }

  /// Enough ids for a person to find the problem without flooding a terminal.
  public static let recordsShown = 5

  /// `a, b, c, d, e and 12 more`: the records as human text shows them; empty when there are none.
  public var foldedRecords: String {
    guard !records.isEmpty else { return "" }
    let shown = records.prefix(Finding.recordsShown)
    let more = max(count, records.count) - shown.count
    return shown.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
  }
}

/// A declared check over one catalogue shape. Shared rules apply to every catalogue; each source adds
/// its thresholds (minimum counts, dead share, sized share) as more rules.
public struct ValidationRule<C: Catalogue>: Sendable {
  public var name: String
  public var severity: Severity
  /// Returns nil when the rule holds, else what failed (severity is filled in from the rule).
  public var check: @Sendable (C) -> Finding?

  public init(_ name: String, _ severity: Severity = .error, check: @escaping @Sendable (C) -> Finding?) {
    self.name = name
    self.severity = severity
    self.check = check
  }

  public func evaluate(_ c: C) -> Finding? {
    guard var f = check(c) else { return nil }
    f.rule = name
    f.severity = severity
    return f
  }
}

/// All findings for one catalogue.
public struct ValidationReport: Sendable, Codable, Equatable {
  public var findings: [Finding]
  public var hasErrors: Bool { findings.contains { $0.severity == .error } }
  public var errors: [Finding] { findings.filter { $0.severity == .error } }
  public var warnings: [Finding] { findings.filter { $0.severity == .warning } }

  public init(findings: [Finding] = []) { self.findings = findings }

  /// Every rule's finding, in the rules' order. The rules are pure and independent, so they run
  /// spread over the cores: a BombJack shelf's two dozen rules over 4,000 issues were most of a warm
  /// rebuild's checking, on one core while the other idled.
  public static func run<C: Catalogue>(_ rules: [ValidationRule<C>], on c: C) -> ValidationReport {
    ValidationReport(findings: rules.concurrentMap { $0.evaluate(c) }.compactMap { $0 })
  }
}
