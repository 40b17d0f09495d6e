import CatalogKit
import Foundation

/// One catalogue a build produced, with the rules it must pass before it may be written.
public struct BuildProduct: Sendable {
  public var file: String
  public var partial: Bool
  /// Lines for the console summary ("series   12").
  public var summary: [String]
  let payload: Payload

  enum Payload: Sendable {
    case issue(IssueCatalogue, [ValidationRule<IssueCatalogue>])
    case popboks(PopBoksCatalogue, [ValidationRule<PopBoksCatalogue>])
    case stripovi(StripoviCatalogue, [ValidationRule<StripoviCatalogue>])
  }

  /// A shared-shape catalogue. `rules` are the source's own; the shared rules are added unless
  /// `sharedRules` replaces them (BombJack's numbering may have gaps within one shelf).
  public static func issue(
    _ c: IssueCatalogue, file: String, rules: [ValidationRule<IssueCatalogue>] = [], partial: Bool = false,
    summary: [String] = [], sharedRules: [ValidationRule<IssueCatalogue>]? = nil
  ) -> BuildProduct {
    BuildProduct(
      file: file, partial: partial, summary: summary, payload: .issue(c, (sharedRules ?? SharedRules.issue()) + rules))
  }

  public static func popboks(
    _ c: PopBoksCatalogue, file: String, rules: [ValidationRule<PopBoksCatalogue>] = [], partial: Bool = false,
    summary: [String] = []
  ) -> BuildProduct {
    BuildProduct(file: file, partial: partial, summary: summary, payload: .popboks(c, SharedRules.popboks() + rules))
  }

  public static func stripovi(
    _ c: StripoviCatalogue, file: String, rules: [ValidationRule<StripoviCatalogue>] = [], partial: Bool = false,
    summary: [String] = []
  ) -> BuildProduct {
    BuildProduct(file: file, partial: partial, summary: summary, payload: .stripovi(c, SharedRules.stripovi() + rules))
  }

  public var recordCount: Int {
    switch payload {
    case .issue(let c, _): c.recordCount
    case .popboks(let c, _): c.recordCount
    case .stripovi(let c, _): c.recordCount
    }
  }
}

/// An error a build throws to choose its exit code (a parse error is 65 unless it says otherwise).
public protocol BuildFailure: Error, CustomStringConvertible {
  var exitCode: ExitCode { get }
}
