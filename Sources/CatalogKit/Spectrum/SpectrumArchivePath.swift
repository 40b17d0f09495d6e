/// The archive.org path-component encoder (catalogue-format §5): letters, digits and
/// ``! $ & ' ( ) * + , - . : ; = @ _ ~`` stay; every other UTF-8 byte becomes `%XX` (uppercase), so
/// `/` inside a file name becomes `%2F`.
enum SpectrumArchivePath {
  private static let kept: Set<UInt8> = Set(Array("!$&'()*+,-.:;=@_~".utf8))

  static func encode(_ s: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count)
    for b in s.utf8 {
      let alnum = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
      if alnum || kept.contains(b) {
        out.append(b)
      } else {
        out.append(UInt8(ascii: "%"))
        out.append(hex[Int(b >> 4)])
        out.append(hex[Int(b & 0xF)])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
