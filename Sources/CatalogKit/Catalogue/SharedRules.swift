/// Placeholder until the catalogue work lands: the minimum every catalogue must satisfy.
public enum SharedRules {
  public static func issue() -> [ValidationRule<IssueCatalogue>] {
    [
      ValidationRule("catalogue/non-empty") { c in
        c.issues.isEmpty || c.series.isEmpty ? Finding(rule: "", severity: .error, message: "the catalogue has no issues or no series") : nil
      }
    ]
  }
  public static func popboks() -> [ValidationRule<PopBoksCatalogue>] {
    [ValidationRule("catalogue/non-empty") { c in c.issues.isEmpty ? Finding(rule: "", severity: .error, message: "the catalogue has no issues") : nil }]
  }
  public static func stripovi() -> [ValidationRule<StripoviCatalogue>] {
    [ValidationRule("catalogue/non-empty") { c in c.comics.isEmpty ? Finding(rule: "", severity: .error, message: "the catalogue has no comics") : nil }]
  }
}
