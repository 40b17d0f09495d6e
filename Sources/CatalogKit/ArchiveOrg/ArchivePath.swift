import Foundation

/// archive.org addresses and the path-component encoder of catalogue-format §5.
///
/// Catalogues store `enc(identifier)/enc(fileName)` relative to `https://archive.org/download/`, the
/// form archive.org redirects to whichever storage node holds the item today.
public enum ArchivePath {
  /// The `base` of every archive.org catalogue.
  public static let downloadBase = "https://archive.org/download/"
  /// Where an item's metadata answer lives (append `enc(identifier)`).
  public static let metadataBase = "https://archive.org/metadata/"

  /// Percent-encodes one path component: UTF-8 bytes, uppercase hex, everything but ASCII letters,
  /// digits and ``! $ & ' ( ) * + , - . : ; = @ _ ~``. A `/` becomes `%2F`, so a file inside an item's
  /// sub-folder comes out as `dir%2Ffile.pdf`, as the reference wrote it. Pass the decoded name.
  public static func encode(_ component: String) -> String {
    var out = ""
    out.reserveCapacity(component.utf8.count)
    for byte in component.utf8 {
      if isLiteral(byte) {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        out.append("%")
        out.unicodeScalars.append(hexDigit(byte >> 4))
        out.unicodeScalars.append(hexDigit(byte & 0x0F))
      }
    }
    return out
  }

  /// `enc(identifier)/enc(fileName)`: a file of an item, relative to `downloadBase`.
  public static func file(identifier: String, name: String) -> String {
    encode(identifier) + "/" + encode(name)
  }

  /// The BookReader's first page, relative to `downloadBase`; about 1200×1750 for the fanzine scans.
  public static func cover(identifier: String) -> String {
    encode(identifier) + "/page/n0_w1024.jpg"
  }

  /// The item tile (about 180 px), relative to `downloadBase`.
  public static func thumb(identifier: String) -> String {
    encode(identifier) + "/__ia_thumb.jpg"
  }

  /// The absolute download URL of an item's file (used to fetch its scandata).
  public static func downloadURL(identifier: String, name: String) -> URL? {
    URL(string: downloadBase + file(identifier: identifier, name: name))
  }

  /// The metadata API address of an item.
  public static func metadataURL(identifier: String) -> URL? {
    URL(string: metadataBase + encode(identifier))
  }

  private static func isLiteral(_ b: UInt8) -> Bool {
    switch b {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return literalPunctuation.contains(b)
    }
  }

  private static let literalPunctuation: Set<UInt8> = Set("!$&'()*+,-.:;=@_~".utf8)

  private static func hexDigit(_ nibble: UInt8) -> Unicode.Scalar {
    Unicode.Scalar(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10)
  }
}
