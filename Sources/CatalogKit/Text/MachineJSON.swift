import Foundation

/// The one shape of every JSON document the tools print or save for machines (build reports,
/// `--json`, history lines, cache records): sorted keys and unescaped slashes, so the same value
/// always gives the same bytes and two runs diff cleanly. Pretty unless it is a JSON Lines line.
public enum MachineJSON {
  public static func encode<T: Encodable>(_ value: T, pretty: Bool = true) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
  }
}
