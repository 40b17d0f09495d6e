/// An archive.org item as its metadata API describes it: the metadata and the file list.
public struct ArchiveItem: Sendable, Equatable {
  public var metadata: ArchiveMetadata
  /// Files in the order archive.org lists them; entries without a name are dropped.
  public var files: [ArchiveFile]
  /// Where the item's files live right now (`server`, `dir`), when the answer says.
  public var storage: ArchiveStorage?

  public init(metadata: ArchiveMetadata, files: [ArchiveFile], storage: ArchiveStorage? = nil) {
    self.metadata = metadata
    self.files = files
    self.storage = storage
  }

  public var identifier: String { metadata.identifier }

  /// The scan archive-build ships: the first file whose format is exactly `Image Container PDF`. There
  /// is no fallback; `_text.pdf` files are OCR layers and `_jp2.zip` is JPEG 2000.
  public var scan: ArchiveFile? { files.first { $0.format == "Image Container PDF" } }

  /// The BookReader's page data (an XML file) that states the page count; `_page_numbers.json`
  /// under-counts and is never used.
  public var scandata: ArchiveFile? { files.first { $0.format == "Scandata" } }

  /// The first file with exactly this name.
  public func file(named name: String) -> ArchiveFile? { files.first { $0.name == name } }
}
