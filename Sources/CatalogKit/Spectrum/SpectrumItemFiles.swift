/// What the identifier-trust rule needs from one archive.org item's metadata.
public struct SpectrumItemFiles: Sendable, Equatable {
  /// The identifier that answered (after the lowercase retry, the lowercased one).
  public var identifier: String
  /// Every `files[].name`, decoded, with its `size` when stated.
  public var sizes: [String: Int64?]
  /// The item's first readable file by the shared ranking, if it has one.
  public var firstReadable: String?

  public init(identifier: String, sizes: [String: Int64?], firstReadable: String?) {
    self.identifier = identifier
    self.sizes = sizes
    self.firstReadable = firstReadable
  }
}

/// The answer to one metadata lookup. An unknown answer (timeouts, 5xx) never gets here: it stops
/// the build, because it must never be mistaken for a missing item.
public enum SpectrumItemLookup: Sendable, Equatable {
  case item(SpectrumItemFiles)
  /// `{}` even after the lowercase retry, or a darkened item.
  case missing
}

extension SpectrumItemFiles {
  /// The names, sizes and first readable file of a decoded archive.org item.
  public init(_ item: ArchiveItem) {
    var sizes: [String: Int64?] = [:]
    for f in item.files where sizes[f.name] == nil { sizes[f.name] = .some(f.size) }
    self.init(identifier: item.identifier, sizes: sizes, firstReadable: item.readableFiles.first?.name)
  }
}

extension SpectrumItemLookup {
  /// A metadata answer as the trust rule sees it: a darkened item is as unavailable as a missing one.
  public init(_ lookup: ArchiveLookup) {
    switch lookup {
    case .item(let item): self = .item(SpectrumItemFiles(item))
    case .noSuchItem, .dark: self = .missing
    }
  }
}
