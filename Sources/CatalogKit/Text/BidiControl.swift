/// The Unicode controls that reorder text as it is displayed (bidirectional embeddings, overrides,
/// isolates and marks). A title holding U+202E shows its characters in reverse, so a review page or a
/// pull request could show a reviewer something other than what the catalogue holds ("Trojan Source",
/// CVE-2021-42574). Output for people shows each as its code point instead.
public enum BidiControl {
  /// U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069.
  public static func isControl(_ u: Unicode.Scalar) -> Bool {
    switch u.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// The text with every bidi control written as `[U+202E]`, so it is seen and has no effect.
  public static func neutralised(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: isControl) else { return s }
    var out = String.UnicodeScalarView()
    for u in s.unicodeScalars {
      if isControl(u) {
        out.append(contentsOf: "[U+\(hex(u.value))]".unicodeScalars)
      } else {
        out.append(u)
      }
    }
    return String(out)
  }

  private static func hex(_ v: UInt32) -> String {
    let digits = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
