/// What kind of readable file an archive.org file is; the order is the ranking (comic books first).
public enum ArchiveReadableKind: Int, Sendable, Comparable, CaseIterable {
  /// A CBR/CBZ/CB7 archive of page images.
  case comicBook
  /// The `Image Container PDF`: the page scans themselves.
  case scan
  /// Another archive of pages uploaded as ZIP/RAR/7z.
  case container
  /// An OCR PDF (`Text PDF`, `Additional Text PDF`), or another uploaded PDF.
  case text

  public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

  /// The kind a file's format (or, for unlabelled uploads, its extension) names; nil for everything a
  /// reader cannot open (images, OCR text, torrents, JPEG 2000 page sets…).
  public init?(file: ArchiveFile) {
    switch file.format?.lowercased() {
    case "comic book rar", "comic book zip", "comic book 7z", "comic book tar", "cbr", "cbz":
      self = .comicBook
    case "image container pdf":
      self = .scan
    case "zip", "rar", "7z", "7-zip":
      self = .container
    case "text pdf", "additional text pdf", "pdf":
      self = .text
    default:
      // JP2 sets, EPUBs, DjVu and the rest are not page files the reader opens.
      if let f = file.format, !f.isEmpty, f.lowercased() != "unknown" { return nil }
      switch ArchiveReadableKind.fileExtension(file.name) {
      case "cbr", "cbz", "cb7": self = .comicBook
      case "zip", "rar", "7z": self = .container
      case "pdf": self = .text
      default: return nil
      }
    }
  }

  static func fileExtension(_ name: String) -> String {
    guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return "" }
    return name[name.index(after: dot)...].lowercased()
  }
}

extension ArchiveItem {
  /// Item kinds that never hold a readable document.
  public static let unreadableMediatypes: Set<String> = ["software", "audio", "movies", "etree"]

  /// Formats a derivative may have and still count as readable: archive.org's OCR and container PDFs.
  public static let readableDerivativeFormats: Set<String> = [
    "Text PDF", "Additional Text PDF", "Image Container PDF",
  ]

  /// The files a reader could open, best first: by kind (comic book, scan, container, text), then by
  /// name. The app's importer ranks the same way when a named file is missing.
  ///
  /// `metadata`-source files and zero-byte files never count; a derivative counts only when it is one of
  /// the OCR/container PDFs; software, audio, movies and etree items have no readable files.
  public var readableFiles: [ArchiveFile] {
    if let m = metadata.mediatype, ArchiveItem.unreadableMediatypes.contains(m) { return [] }
    let ranked: [(ArchiveReadableKind, ArchiveFile)] = files.compactMap { f in
      guard f.source != .metadata, f.size != 0 else { return nil }
      if f.source == .derivative {
        guard let format = f.format, ArchiveItem.readableDerivativeFormats.contains(format) else {
          return nil
        }
      }
      guard let kind = ArchiveReadableKind(file: f) else { return nil }
      return (kind, f)
    }
    return ranked.sorted { a, b in
      a.0 != b.0 ? a.0 < b.0 : a.1.name.unicodeScalars.lexicographicallyPrecedes(b.1.name.unicodeScalars)
    }.map(\.1)
  }
}
