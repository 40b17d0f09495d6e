extension CatalogueDiff {
  /// What changed between two folders of catalogues (`catalog diff catalogs/ new/`), file by file,
  /// matched by name. A file on one side only counts all its records as added or removed, so the
  /// totals and `--max-removed` see a vanished catalogue as the loss it is.
  public struct Folder: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Equatable, Codable {
      case same
      case changed
      case onlyOld = "only-in-old"
      case onlyNew = "only-in-new"
      /// Unreadable on a side, or two shapes that cannot be compared; `error` says which.
      case trouble
    }

    public struct File: Sendable, Equatable, Codable {
      public var file: String
      public var status: Status
      /// Records (issues, or comics) on each side; nil where the file is absent or unreadable.
      public var oldRecords: Int?
      public var newRecords: Int?
      /// For `changed` and `same`; `onlyOld` counts every record removed, `onlyNew` every one added.
      public var counts: Counts
      /// The file's own diff, for `changed` and `same`.
      public var diff: CatalogueDiff?
      public var error: String?

      public init(
        file: String, status: Status, oldRecords: Int? = nil, newRecords: Int? = nil, counts: Counts = Counts(),
        diff: CatalogueDiff? = nil, error: String? = nil
      ) {
        self.file = file
        self.status = status
        self.oldRecords = oldRecords
        self.newRecords = newRecords
        self.counts = counts
        self.diff = diff
        self.error = error
      }

      /// Removed records as a share (0…1) of the old ones.
      public var removedShare: Double {
        guard let oldRecords, oldRecords > 0 else { return 0 }
        return Double(counts.removed) / Double(oldRecords)
      }
    }

    /// Every file on either side, sorted by name.
    public var files: [File]

    public init(files: [File]) { self.files = files }

    public var differs: Bool { files.contains { $0.status != .same } }
    public var hasTrouble: Bool { files.contains { $0.status == .trouble } }
    public var differing: [File] { files.filter { $0.status != .same } }

    /// Records added, removed, changed and unchanged over every comparable file.
    public var totals: Counts {
      files.reduce(into: Counts()) { t, f in
        t.added += f.counts.added
        t.removed += f.counts.removed
        t.changed += f.counts.changed
        t.unchanged += f.counts.unchanged
      }
    }

    /// The files whose removed share is above `percent` (0…100).
    public func removingMoreThan(percent: Double) -> [File] {
      files.filter { $0.removedShare * 100 > percent }
    }
  }

  /// One side of a folder comparison: the catalogues read, by file name, and the files that could
  /// not be read with the reader's message. The caller does the reading; this stays pure.
  public struct FolderSide: Sendable {
    public var catalogues: [String: AnyCatalogue]
    public var unreadable: [String: String]

    public init(catalogues: [String: AnyCatalogue] = [:], unreadable: [String: String] = [:]) {
      self.catalogues = catalogues
      self.unreadable = unreadable
    }

    var names: Set<String> { Set(catalogues.keys).union(unreadable.keys) }
  }

  /// Compares two folders by file name. Each pair is compared with `ignoring` and the site its
  /// name has in `sources` (none for other names).
  public static func compare(
    folder old: FolderSide, _ new: FolderSide, ignoring: Set<String> = [], sources: CatalogueSources
  ) -> Folder {
    let names = old.names.union(new.names).sorted()
    return Folder(
      files: names.concurrentMap { name in
        if let reason = old.unreadable[name] ?? new.unreadable[name] {
          return Folder.File(
            file: name, status: .trouble, oldRecords: old.catalogues[name]?.recordCount,
            newRecords: new.catalogues[name]?.recordCount, error: reason)
        }
        switch (old.catalogues[name], new.catalogues[name]) {
        case (let a?, let b?):
          let site = sources.entry(forFile: name)?.site
          do {
            let d = try compare(a, b, options: Options(ignoring: ignoring, site: site))
            return Folder.File(
              file: name, status: d.isEmpty ? .same : .changed, oldRecords: a.recordCount,
              newRecords: b.recordCount, counts: d.counts, diff: d)
          } catch {
            return Folder.File(
              file: name, status: .trouble, oldRecords: a.recordCount, newRecords: b.recordCount,
              error: "\(name): \(error)")
          }
        case (let a?, nil):
          return Folder.File(
            file: name, status: .onlyOld, oldRecords: a.recordCount, counts: Counts(removed: a.recordCount))
        case (nil, let b?):
          return Folder.File(
            file: name, status: .onlyNew, newRecords: b.recordCount, counts: Counts(added: b.recordCount))
        case (nil, nil):
          return Folder.File(file: name, status: .trouble, error: "\(name): on neither side")
        }
      })
  }
}
