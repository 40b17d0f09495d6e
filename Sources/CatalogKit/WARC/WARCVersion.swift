/// The WARC version an export is labelled with. The records we write are the same in both (no
/// revisits, no segmentation, whole-second dates); 1.0 is for readers that know nothing newer,
/// such as warctools, which refuses a `WARC/1.1` line.
public enum WARCVersion: String, Sendable, CaseIterable {
  case v10 = "1.0"
  case v11 = "1.1"

  /// The record's first line.
  public var line: String { "WARC/" + rawValue }
  /// The warcinfo `format` field.
  public var format: String { "WARC File Format " + rawValue }
  public var specification: String {
    switch self {
    case .v10: "http://bibnum.bnf.fr/WARC/WARC_ISO_28500_version1_latestdraft.pdf"
    case .v11: "http://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/"
    }
  }
}
