import Foundation

/// Writes catalogues in the one canonical encoding (catalogue-format §2): 2-space pretty print,
/// `"key" : value`, sorted keys, unescaped slashes, absent optionals omitted, no trailing newline.
public enum CatalogueEncoder {
  public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(value)
    while data.last == 0x0A { data.removeLast() }
    return [UInt8](data)
  }
}
