import Foundation

/// The shelf title of a RetroSpec issue, in the printed language.
public enum RetroSpecTitle {
  /// 1. no magshow info: the index label;
  /// 2. info without a year (books): the index label, which keeps diacritics the site's database lost;
  /// 3. a year with no month text: `"<year>"`;
  /// 4. otherwise `"<monthText> <year>"`, after repairing the `?` the database left for lost letters.
  public static func title(label: String, info: RetroSpecMagshow?) -> String {
    guard let info, let year = info.year else { return label }
    guard let month = info.monthText, !month.isEmpty else { return String(year) }
    return "\(repairMonth(month)) \(year)"
  }

  /// Puts back the Croatian letters the site's database turned into `?`. Only the two month names the
  /// site is known to have damaged are repaired; any other `?` is left for the title warning to show.
  public static func repairMonth(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "?")) else { return text }
    return text.replacingOccurrences(of: "Sije?anj", with: "Siječanj")
      .replacingOccurrences(of: "Velja?a", with: "Veljača")
  }
}
