/// Whether a path a catalogue stores (a download, a cover, a comic's folder) is safe to join to a base
/// URL or to the app's download folder (catalogue-format §4).
///
/// The reader app joins these strings to its own folder; a `..` segment, a backslash or a NUL written
/// there climbs out of it. Servers (and the links in their pages) may percent-encode any of these, and
/// the app or a later URL layer may decode them once more, so every stage of decoding is checked.
public enum CataloguePath {
  /// How many rounds of percent-decoding are checked: `%252e%252e` is `..` after two.
  static let decodingRounds = 3

  /// Why `path` may not be stored, or nil when it is a plain relative path (or an absolute http(s)
  /// URL on `hosts`).
  ///
  /// - Parameter hosts: the hosts an absolute URL may name; nil accepts any host (a URL's path is
  ///   still checked).
  public static func problem(_ path: String, hosts: HostAllowlist?) -> PathProblem? {
    var stage = Array(path.utf8)
    for round in 0...decodingRounds {
      if let p = byteProblem(stage, decoded: round > 0) { return p }
      if round == 0, let p = shapeProblem(path, hosts: hosts) { return p }
      if let p = dotSegment(in: pathPart(of: stage), decoded: round > 0) { return p }
      guard let next = percentDecoded(stage), next != stage else { break }
      stage = next
    }
    return nil
  }

  /// A control character, NUL or backslash anywhere in the bytes.
  static func byteProblem(_ bytes: [UInt8], decoded: Bool) -> PathProblem? {
    for b in bytes {
      if b == 0 { return .nul(decoded: decoded) }
      if b < 0x20 || b == 0x7F { return .controlCharacter(b, decoded: decoded) }
      if b == UInt8(ascii: "\\") { return .backslash(decoded: decoded) }
    }
    return nil
  }

  /// An absolute URL must be http(s) on an allowed host; a path must not start with `/`.
  static func shapeProblem(_ path: String, hosts: HostAllowlist?) -> PathProblem? {
    if path.hasPrefix("/") { return .rootedPath }
    guard let scheme = scheme(of: path) else { return nil }
    guard scheme == "http" || scheme == "https" else { return .scheme(scheme) }
    guard let hosts else { return nil }
    if let p = hosts.problem(with: path) { return .url(p) }
    return nil
  }

  /// The scheme of `s` when it starts like `scheme:` (RFC 3986 §3.1), lowercased.
  static func scheme(of s: String) -> String? {
    // Byte by byte: a scheme is ASCII, so the first byte that is not ends the look, and the name
    // is made only when there is one (every record's path asks).
    let u = s.utf8
    var n = 0
    for b in u {
      if b == UInt8(ascii: ":") { return n == 0 ? nil : String(decoding: u.prefix(n), as: UTF8.self).lowercased() }
      let letter = (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A)
      let other = (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
      guard letter || (n > 0 && other) else { return nil }
      n += 1
    }
    return nil
  }

  /// The path of a URL (after `scheme://authority`), or the whole string; query and fragment dropped.
  static func pathPart(of bytes: [UInt8]) -> ArraySlice<UInt8> {
    var start = bytes.startIndex
    if let sep = firstIndex(of: Array("://".utf8), in: bytes) {
      start = bytes[(sep + 3)...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
    }
    let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.endIndex
    return bytes[start..<end]
  }

  /// A `.` or `..` segment. `a..b` is a name, not a segment: the reference files hold such names.
  static func dotSegment(in path: ArraySlice<UInt8>, decoded: Bool) -> PathProblem? {
    // Segment by segment without splitting: most paths have no dot segment, and none is built.
    var start = path.startIndex
    var i = path.startIndex
    while true {
      if i == path.endIndex || path[i] == UInt8(ascii: "/") {
        let n = i - start
        if (n == 1 || n == 2) && path[start] == 0x2E && path[i - 1] == 0x2E {
          return .dotSegment(n == 1 ? "." : "..", decoded: decoded)
        }
        if i == path.endIndex { return nil }
        start = i + 1
      }
      i += 1
    }
  }

  /// One round of `%XX` decoding; a `%` not followed by two hex digits stays as it is. Nil when the
  /// bytes hold no escape.
  static func percentDecoded(_ bytes: [UInt8]) -> [UInt8]? {
    guard bytes.contains(UInt8(ascii: "%")) else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = bytes.startIndex
    while i < bytes.endIndex {
      if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.endIndex, let hi = hex(bytes[i + 1]), let lo = hex(bytes[i + 2]) {
        out.append(hi << 4 | lo)
        i += 3
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return out
  }

  static func hex(_ b: UInt8) -> UInt8? {
    switch b {
    case 0x30...0x39: b - 0x30
    case 0x41...0x46: b - 0x41 + 10
    case 0x61...0x66: b - 0x61 + 10
    default: nil
    }
  }

  static func firstIndex(of needle: [UInt8], in hay: [UInt8]) -> Int? {
    guard needle.count <= hay.count else { return nil }
    for i in 0...(hay.count - needle.count) where hay[i..<(i + needle.count)].elementsEqual(needle) { return i }
    return nil
  }
}

/// Why a stored path is unsafe. `decoded` says the problem shows only after percent-decoding.
public enum PathProblem: Sendable, Equatable, CustomStringConvertible {
  case dotSegment(String, decoded: Bool)
  case backslash(decoded: Bool)
  case nul(decoded: Bool)
  case controlCharacter(UInt8, decoded: Bool)
  /// Starts with `/`: joined to a folder it names the root.
  case rootedPath
  case scheme(String)
  case url(DownloadURLProblem)

  public var description: String {
    func after(_ d: Bool) -> String { d ? " once percent-decoded" : "" }
    switch self {
    case .dotSegment(let s, let d): return "has a '\(s)' segment\(after(d))"
    case .backslash(let d): return "has a backslash\(after(d))"
    case .nul(let d): return "has a NUL byte\(after(d))"
    case .controlCharacter(let b, let d):
      let hex = String(b, radix: 16, uppercase: true)
      return "has the control character 0x\(hex.count == 1 ? "0" + hex : hex)\(after(d))"
    case .rootedPath: return "starts with '/' (not a relative path)"
    case .scheme(let s): return "uses scheme '\(s)', not http or https"
    case .url(let p): return p.description
    }
  }
}
