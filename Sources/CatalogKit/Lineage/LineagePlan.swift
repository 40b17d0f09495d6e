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
    /// The kind's fields rest on every answer of the kind the row has, together (a PopBoks grid's
    /// width on the last tile there and the first one missing), not on the first alone.
    public var jointly: Bool

    public init(
      _ name: String, method: String = "GET", fields: [String], listing: Bool = false, jointly: Bool = false
    ) {
      self.name = name
      self.method = method
      self.fields = fields
      self.listing = listing
      self.fieldsFromAnyStatus = method == "HEAD"
      self.jointly = jointly
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

  public func kind(_ name: String) -> Kind? { kinds.first { $0.name == name } }

  /// The place of the kind named `name` in `kinds`.
  public func index(of name: String) -> Int? { kinds.firstIndex { $0.name == name } }

  /// How the rows with one list of fields are attributed, worked out once for the list (a
  /// catalogue's rows share a handful of lists) rather than once per row: the fields in sorted
  /// order, the kinds that claim each, what a field no answer gives falls back to, and which kinds
  /// may give any of the fields at all (only those of a row's answers are looked up).
  public struct Attribution: Sendable {
    public let fields: [String]
    let claimants: [[Int]]
    let fallback: [FieldOrigin?]
    /// Kind indices in plan order.
    public let kinds: [Int]
  }

  public func attribution(for fields: [String]) -> Attribution {
    let sorted = fields.sorted()
    let claims = sorted.map { claimants[$0] ?? [] }
    let fallback: [FieldOrigin?] = sorted.map { f in
      declared.contains(f) ? .tool : carried.contains(f) ? .previous : nil
    }
    let used = Set(claims.joined())
    return Attribution(
      fields: sorted, claimants: claims, fallback: fallback, kinds: kinds.indices.filter(used.contains))
  }

  /// Which answer gave each field a row has. `tagged` are the row's answers as (kind index, answer
  /// number, status). A field no answer of the row claims is the declaration's (every such field
  /// of a row the tool itself lists, `declaredRow`) or the previous catalogue's when the plan says
  /// so, and otherwise left out (a test holds that none is).
  public func attribute(
    _ a: Attribution, tagged: [(kind: Int, answer: Int, status: Int?)], declaredRow: Bool = false
  ) -> FieldOrigins {
    var out: [FieldOrigins.Element] = []
    out.reserveCapacity(a.fields.count)
    for (i, field) in a.fields.enumerated() {
      var origin: FieldOrigin?
      for k in a.claimants[i] {
        let anyStatus = kinds[k].fieldsFromAnyStatus
        func gives(_ t: (kind: Int, answer: Int, status: Int?)) -> Bool {
          t.kind == k && (anyStatus || t.status == 200)
        }
        if kinds[k].jointly {
          origin = FieldOrigin.citing(tagged.filter(gives).map(\.answer))
          if origin != nil { break }
        } else if let t = tagged.first(where: gives) {
          origin = .answer(t.answer)
          break
        }
      }
      if let origin = origin ?? (declaredRow ? .tool : a.fallback[i]) { out.append((field, origin)) }
    }
    return FieldOrigins(sorted: out)
  }

  /// The same for one row, the tagged answers named by kind.
  public func attribute(
    fields: [String], tagged: [(kind: String, answer: Int, status: Int?)], declaredRow: Bool = false
  ) -> FieldOrigins {
    let indexed = tagged.compactMap { t in index(of: t.kind).map { ($0, t.answer, t.status) } }
    return attribute(attribution(for: fields), tagged: indexed, declaredRow: declaredRow)
  }
}
