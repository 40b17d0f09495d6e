/// What a site's robots.txt allows us (RFC 9309): the group for our product token, else the `*`
/// group; the longest matching rule wins, and Allow wins a tie. `Crawl-delay` is read too: it is not
/// in the RFC but cheap to honour.
public struct RobotsPolicy: Sendable, Equatable {
  public struct Rule: Sendable, Equatable {
    public var allow: Bool
    public var pattern: String
  }

  public var rules: [Rule]
  public var crawlDelaySeconds: Double?

  /// Everything allowed (a 4xx on robots.txt means no rules).
  public static let allowAll = RobotsPolicy(rules: [], crawlDelaySeconds: nil)
  /// Everything disallowed (a 5xx or no answer).
  public static let disallowAll = RobotsPolicy(rules: [Rule(allow: false, pattern: "/")], crawlDelaySeconds: nil)

  public init(rules: [Rule], crawlDelaySeconds: Double?) {
    self.rules = rules
    self.crawlDelaySeconds = crawlDelaySeconds
  }

  /// Parses robots.txt text for the given product token (e.g. `shelfmark`).
  public static func parse(_ text: String, agent: String) -> RobotsPolicy {
    let token = agent.lowercased()
    struct Group {
      var agents: [String] = []
      var rules: [Rule] = []
      var delay: Double?
    }
    var groups: [Group] = []
    var current: Group? = nil
    var lastWasAgent = false
    for raw in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
      var line = Substring(raw)
      if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
      guard let colon = line.firstIndex(of: ":") else { continue }
      let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      switch key {
      case "user-agent":
        if !lastWasAgent {
          if let c = current { groups.append(c) }
          current = Group()
        }
        current?.agents.append(value.lowercased())
        lastWasAgent = true
      case "allow", "disallow":
        lastWasAgent = false
        // An empty Disallow allows everything; it adds no rule.
        if !value.isEmpty { current?.rules.append(Rule(allow: key == "allow", pattern: value)) }
      case "crawl-delay":
        lastWasAgent = false
        current?.delay = Double(value)
      default:
        lastWasAgent = false
      }
    }
    if let c = current { groups.append(c) }
    let mine = groups.filter { g in g.agents.contains { $0 != "*" && token.hasPrefix($0) } }
    let chosen = mine.isEmpty ? groups.filter { $0.agents.contains("*") } : mine
    return RobotsPolicy(rules: chosen.flatMap(\.rules), crawlDelaySeconds: chosen.compactMap(\.delay).max())
  }

  /// Whether a path (with its query) may be fetched.
  public func allows(_ pathAndQuery: String) -> Bool {
    var best: Rule? = nil
    var bestLength = -1
    for r in rules where RobotsPolicy.matches(r.pattern, pathAndQuery) {
      let length = r.pattern.count
      if length > bestLength || (length == bestLength && r.allow) {
        best = r
        bestLength = length
      }
    }
    return best?.allow ?? true
  }

  /// `*` matches any run of characters; a trailing `$` anchors the end.
  ///
  /// Compared as UTF-8 bytes (RFC 9309 matches octets): Foundation's `range(of:)` returns a range past
  /// the end of the string when the pattern holds a NUL, and slicing with it trapped (found by fuzzing).
  static func matches(_ pattern: String, _ path: String) -> Bool {
    var p = Array(pattern.utf8)
    let anchored = p.last == UInt8(ascii: "$")
    if anchored { p.removeLast() }
    let pieces = p.split(separator: UInt8(ascii: "*"), omittingEmptySubsequences: false)
    let s = Array(path.utf8)
    var rest = 0
    for (i, piece) in pieces.enumerated() {
      if i == 0 {
        guard s.count >= piece.count, s[0..<piece.count].elementsEqual(piece) else { return false }
        rest = piece.count
      } else if let at = firstIndex(of: piece, in: s, from: rest) {
        rest = at + piece.count
      } else {
        return false
      }
    }
    if anchored {
      if pieces.count > 1, let last = pieces.last {
        return s.count >= last.count && s.suffix(last.count).elementsEqual(last)
      }
      return rest == s.count
    }
    return true
  }

  private static func firstIndex(of needle: ArraySlice<UInt8>, in s: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty else { return start }
    var i = start
    while i + needle.count <= s.count {
      if s[i..<(i + needle.count)].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
  }
}
