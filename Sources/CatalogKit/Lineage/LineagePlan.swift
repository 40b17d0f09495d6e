/// What one source's pages give, declared once per source: each page kind with the method that
/// asks for it and the fields it fills, in the order a field is claimed (the first kind that
/// lists a field and whose answer the row has wins). A crawl then only says, per row, which URL of
/// each kind it used; fields, statuses and dates follow from here and from the cache.
public struct LineagePlan: Sendable {
  public struct Kind: Sendable {
    public var name: String
    public var method: String
    public var fields: [String]
    /// A page that lists many rows: its yield (rows per page) is watched for drift.
    public var listing: Bool
    /// A HEAD's fields come from its status too (a 404 is `dead`); a GET gives fields only when it
    /// answered 200.
    public var fieldsFromAnyStatus: Bool

    public init(_ name: String, method: String = "GET", fields: [String], listing: Bool = false) {
      self.name = name
      self.method = method
      self.fields = fields
      self.listing = listing
      self.fieldsFromAnyStatus = method == "HEAD"
    }
  }

  public let kinds: [Kind]
  /// Fields the source's own declaration gives (a series table in the code), not a page.
  public let declared: [String]
  /// Fields kept from the previous catalogue because no page shows them.
  public let carried: [String]
  /// How loud a drift finding of this source is.
  public let driftSeverity: Severity
  /// For each field, the kinds (by index, in claim order) that list it: attribution asks this for
  /// every field of every row, tens of thousands of times in a walk.
  private let claimants: [String: [Int]]

  public init(kinds: [Kind], declared: [String] = [], carried: [String] = [], driftSeverity: Severity = .warning) {
    self.kinds = kinds
    self.declared = declared
    self.carried = carried
    self.driftSeverity = driftSeverity
    var claimants: [String: [Int]] = [:]
    for (i, k) in kinds.enumerated() { for f in k.fields { claimants[f, default: []].append(i) } }
    self.claimants = claimants
  }

  /// Whether a page of kind `index` may give one of `fields`.
  public func kind(_ index: Int, givesAnyOf fields: [String]) -> Bool {
    fields.contains { claimants[$0]?.contains(index) == true }
  }

  public func kind(_ name: String) -> Kind? { kinds.first { $0.name == name } }

  /// Which answer gave each field a row has. `tagged` are the row's answers as (kind, answer
  /// number, status). A field no answer of the row claims is the declaration's (every such field
  /// of a row the tool itself lists, `declaredRow`) or the previous catalogue's when the plan says
  /// so, and otherwise left out (a test holds that none is).
  public func attribute(
    fields: [String], tagged: [(kind: String, answer: Int, status: Int?)], declaredRow: Bool = false
  ) -> [String: FieldOrigin] {
    var out: [String: FieldOrigin] = [:]
    out.reserveCapacity(fields.count)
    for field in fields {
      var origin: FieldOrigin?
      for i in claimants[field] ?? [] {
        let k = kinds[i]
        if let t = tagged.first(where: { t in t.kind == k.name && (k.fieldsFromAnyStatus || t.status == 200) }) {
          origin = .answer(t.answer)
          break
        }
      }
      if origin == nil, declaredRow || declared.contains(field) { origin = .tool }
      if origin == nil, carried.contains(field) { origin = .previous }
      if let origin { out[field] = origin }
    }
    return out
  }
}
