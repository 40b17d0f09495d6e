/// Warnings of one kind, printed one per line up to a limit and then summed up, so 600 missing metadata
/// pages do not bury the one line that matters.
struct WarningBatch {
  let kind: String
  let limit: Int
  private(set) var count = 0

  init(_ kind: String, limit: Int = 10) {
    self.kind = kind
    self.limit = limit
  }

  mutating func add(_ message: String, to ctx: BuildContext) {
    count += 1
    if count <= limit { ctx.warn(message) }
  }

  func finish(_ ctx: BuildContext) {
    if count > limit { ctx.warn("… and \(count - limit) more \(kind) (\(count) in all)") }
  }
}
