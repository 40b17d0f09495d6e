/// A decoded catalogue of any of the three shapes, for tools that read whatever file they are given
/// (`catalog validate`, `check`, `diff`, `stats`) and for the build runner's previous-file comparison.
public enum AnyCatalogue: Sendable, Equatable {
  case issue(IssueCatalogue)
  case popboks(PopBoksCatalogue)
  case stripovi(StripoviCatalogue)

  public var shape: CatalogueShape {
    switch self {
    case .issue: .issue
    case .popboks: .popboks
    case .stripovi: .stripovi
    }
  }

  public var version: Int {
    switch self {
    case .issue(let c): c.version
    case .popboks(let c): c.version
    case .stripovi(let c): c.version
    }
  }

  public var generated: String {
    switch self {
    case .issue(let c): c.generated
    case .popboks(let c): c.generated
    case .stripovi(let c): c.generated
    }
  }

  public var base: String {
    switch self {
    case .issue(let c): c.base
    case .popboks(let c): c.base
    case .stripovi(let c): c.base
    }
  }

  /// Issues, or comics.
  public var recordCount: Int {
    switch self {
    case .issue(let c): c.recordCount
    case .popboks(let c): c.recordCount
    case .stripovi(let c): c.recordCount
    }
  }

  /// The canonical bytes (catalogue-format §2).
  public func encoded() throws -> [UInt8] {
    switch self {
    case .issue(let c): try CatalogueEncoder.encode(c)
    case .popboks(let c): try CatalogueEncoder.encode(c)
    case .stripovi(let c): try CatalogueEncoder.encode(c)
    }
  }

  /// The shared rules for this shape (catalogue-format §6), with the defaults a plain check uses,
  /// and the plausibility rules of its source (`Plausibility.general` for a file of no known source).
  public func validate(
    allowlist: HostAllowlist = .standard, numbering: SharedRules.Numbering = .strict, chronology: Bool = true,
    plausibility: Plausibility = .general, rowCeiling: RowBudget.Ceiling? = nil
  ) -> ValidationReport {
    switch self {
    case .issue(let c):
      ValidationReport.run(
        SharedRules.issue(allowlist: allowlist, numbering: numbering, chronology: chronology, rowCeiling: rowCeiling)
          + plausibility.issueRules(), on: c)
    case .popboks(let c):
      ValidationReport.run(SharedRules.popboks(rowCeiling: rowCeiling) + plausibility.popboksRules(), on: c)
    case .stripovi(let c):
      ValidationReport.run(SharedRules.stripovi(rowCeiling: rowCeiling) + plausibility.stripoviRules(), on: c)
    }
  }
}
