import BuildSupport
import CatalogKit
import Foundation

/// `catalog diff OLD NEW`: what changed between two catalogues, or two folders of them, record by
/// record. Exit codes follow diff(1): 0 same, 1 different, 2 trouble.
enum DiffCommand: Subcommand {
  static let name = "diff"
  static let abstract = "Compare two catalogues, or two folders of catalogues, record by record."
  static let usage =
    "diff <old> <new> [--ignore <field>] ... [--stat] [--markdown] [--json] [--max-removed <pct>] [--site <id>]"
  static let arguments = [
    ("<old>", "The earlier catalogue file, or a folder of them (catalogs/)."),
    ("<new>", "The later catalogue file of the same shape, or a folder; files are matched by name."),
  ]
  static let ignore = Option.list(
    "--ignore", value: "<field>",
    help: "Leave a field out of the comparison (generated, bytes, …); repeat or comma-separate.")
  static let stat = Option.flag(
    "--stat", help: "Print only the counts: the per-file table for folders.", exclusiveGroup: "format")
  static let markdown = Option.flag(
    "--markdown", help: "Print GitHub Markdown for a pull request or $GITHUB_STEP_SUMMARY, long lists folded.",
    exclusiveGroup: "format")
  static let json = CommonOption.json("Print the difference as JSON instead of text.", exclusiveGroup: "format")
  static let maxRemoved = Option.percentage(
    "--max-removed", value: "<pct>", help: "Exit 2 when a file loses more than this percentage of its old records.",
    defaultText: "no limit")
  static let site = Option.text(
    "--site", value: "<id>", help: "App site id for the issue-identity check of two files.",
    defaultText: "from <new>'s file name when it is one of the 18")
  static let options: [any OptionDeclaring] = [ignore, stat, markdown, json, maxRemoved, site]

  /// How the difference is printed; one at a time.
  enum Format { case text, stat, markdown, json }

  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    guard args.positionals.count == 2 else {
      return usageError("diff takes two files or folders, <old> and <new>, not \(args.positionals.count).", console)
    }
    let format: Format = args[json] ? .json : args[markdown] ? .markdown : args[stat] ? .stat : .text
    let maxRemoved = args[Self.maxRemoved]
    let ignoring = Set(args[ignore])
    let unknown = CatalogueDiff.unknownFields(ignoring)
    if let first = unknown.first {
      let hint = NearMatch.nearest(first, in: CatalogueDiff.fieldNames).map { " Did you mean '\($0)'?" } ?? ""
      return usageError(
        "\(ignore.name): no catalogue has a field \(unknown.map { "'\($0)'" }.joined(separator: ", ")).\(hint) Fields: \(CatalogueDiff.fieldNames.joined(separator: ", ")).",
        console)
    }

    var (oldPath, newPath) = (args.positionals[0], args.positionals[1])
    // A missing side is named as typed: pairing it with a folder would blame a path nobody gave.
    for p in [oldPath, newPath] where !FileManager.default.fileExists(atPath: p) {
      console.error("error: \(p): no such file or folder")
      return .trouble
    }
    let (oldIsFolder, newIsFolder) = (isFolder(oldPath), isFolder(newPath))
    // As diff(1) does: a folder and a file compare the file with its namesake in the folder.
    if oldIsFolder && !newIsFolder {
      oldPath = CatalogueDiff.Folder.join(oldPath, lastComponent(newPath))
    } else if newIsFolder && !oldIsFolder {
      newPath = CatalogueDiff.Folder.join(newPath, lastComponent(oldPath))
    }
    if oldIsFolder && newIsFolder {
      if args.has(site) {
        return usageError("\(site.name) is for two files; in folders each file's site comes from its name.", console)
      }
      return folders(oldPath, newPath, ignoring: ignoring, format: format, maxRemoved: maxRemoved, console)
    }
    let site = args[Self.site] ?? console.catalogues.entry(forFile: lastComponent(newPath))?.site
    return files(
      oldPath, newPath, options: .init(ignoring: ignoring, site: site), format: format, maxRemoved: maxRemoved,
      console)
  }

  // MARK: Two files

  private static func files(
    _ oldPath: String, _ newPath: String, options: CatalogueDiff.Options, format: Format, maxRemoved: Double?,
    _ console: Console
  ) -> ExitCode {
    let old: AnyCatalogue
    let new: AnyCatalogue
    do {
      old = try CatalogueReader.read(oldPath)
      new = try CatalogueReader.read(newPath)
    } catch {
      console.error("error: \(error)")
      return .trouble
    }
    let diff: CatalogueDiff
    do {
      diff = try CatalogueDiff.compare(old, new, options: options)
    } catch {
      console.error("error: \(oldPath), \(newPath): \(error)")
      return .trouble
    }
    switch format {
    case .json:
      guard let json = encode(DiffDocument(old: oldPath, new: newPath, diff: diff), console) else { return .trouble }
      console.out(json)
    case .markdown:
      // One file reads as a folder of one: the same counts table, then its changes.
      let file = CatalogueDiff.Folder.File(
        file: lastComponent(newPath), status: diff.isEmpty ? .same : .changed, oldRecords: old.recordCount,
        newRecords: new.recordCount, counts: diff.counts, diff: diff)
      console.out(markdown(CatalogueDiff.Folder(files: [file]), oldPath, newPath, maxRemoved))
    case .stat:
      console.out(paint(diff.stat(old: oldPath, new: newPath)))
    case .text:
      console.out(paint(diff.text(old: oldPath, new: newPath)))
    }
    if let maxRemoved, diff.removedShare * 100 > maxRemoved {
      console.error(
        "error: \(newPath): \(diff.counts.removed) of \(diff.oldCount) records of \(oldPath) are gone (\(percent(diff.removedShare))), more than \(Self.maxRemoved.name) \(trimmedNumber(maxRemoved))%"
      )
      return .trouble
    }
    return diff.isEmpty ? .ok : .different
  }

  // MARK: Two folders

  private static func folders(
    _ oldPath: String, _ newPath: String, ignoring: Set<String>, format: Format, maxRemoved: Double?,
    _ console: Console
  ) -> ExitCode {
    let old: CatalogueDiff.FolderSide
    let new: CatalogueDiff.FolderSide
    do {
      old = try side(oldPath)
      new = try side(newPath)
    } catch {
      console.error("error: \(error)")
      return .trouble
    }
    let diff = CatalogueDiff.compare(folder: old, new, ignoring: ignoring, sources: console.catalogues)
    for f in diff.files where f.status == .trouble {
      console.error("error: \(f.error ?? f.file)")
    }
    switch format {
    case .json:
      guard let json = encode(FolderDocument(old: oldPath, new: newPath, diff: diff), console) else { return .trouble }
      console.out(json)
    case .markdown:
      console.out(markdown(diff, oldPath, newPath, maxRemoved))
    case .stat:
      console.out(paint(diff.table(old: oldPath, new: newPath)))
    case .text:
      console.out(paint(diff.text(old: oldPath, new: newPath)))
    }
    var code: ExitCode = diff.differs ? .different : .ok
    if diff.hasTrouble { code = .trouble }
    if let maxRemoved {
      for f in diff.removingMoreThan(percent: maxRemoved) {
        console.error(
          "error: \(CatalogueDiff.Folder.join(newPath, f.file)): \(f.counts.removed) of \(f.oldRecords ?? 0) records of \(CatalogueDiff.Folder.join(oldPath, f.file)) are gone (\(percent(f.removedShare))), more than \(Self.maxRemoved.name) \(trimmedNumber(maxRemoved))%"
        )
        code = .trouble
      }
    }
    return code
  }

  /// Every catalogue in a folder, read by the one catalogue reader; a file it cannot read is kept
  /// with its message (naming line and column for a JSON syntax error) instead of ending the diff.
  private static func side(_ folder: String) throws(CatalogueReader.Failure) -> CatalogueDiff.FolderSide {
    var side = CatalogueDiff.FolderSide()
    // Named as the folder was given, so messages match what the user typed.
    let names = try CatalogueReader.catalogueFiles(in: folder).map(lastComponent)
    // Read on every core: decoding is most of a diff's time.
    let read = names.concurrentMap { name in
      Result { () throws(CatalogueReader.Failure) in try CatalogueReader.read(CatalogueDiff.Folder.join(folder, name)) }
    }
    for (name, result) in zip(names, read) {
      switch result {
      case .success(let c): side.catalogues[name] = c
      case .failure(let error): side.unreadable[name] = error.description
      }
    }
    return side
  }

  // MARK: Printing

  /// Colour only for a person at a terminal: never in a pipe or a file, never with NO_COLOR set
  /// (no-color.org: present and not empty).
  private static func paint(_ text: String) -> String {
    let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    return isatty(STDOUT_FILENO) == 1 && !noColor ? DiffColour.paint(text) : text
  }

  /// The Markdown without its final newline, which `Console.out` adds back.
  private static func markdown(_ d: CatalogueDiff.Folder, _ old: String, _ new: String, _ maxRemoved: Double?)
    -> String
  {
    var text = d.markdown(old: old, new: new, maxRemoved: maxRemoved)
    while text.last == "\n" { text.removeLast() }
    return text
  }

  private static func encode<T: Encodable>(_ value: T, _ console: Console) -> String? {
    guard let data = try? MachineJSON.encode(value) else {
      console.error("error: the difference could not be written as JSON")
      return nil
    }
    return String(decoding: data, as: UTF8.self)
  }

  private static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  private static func percent(_ share: Double) -> String { String(format: "%.1f%%", share * 100) }

  private static func trimmedNumber(_ d: Double) -> String {
    Int(exactly: d).map(String.init) ?? String(d)
  }

  /// The `--json` document for two files: the two paths and the difference.
  struct DiffDocument: Encodable {
    var old: String
    var new: String
    var diff: CatalogueDiff
  }

  /// The `--json` document for two folders: the two paths, whether they differ, totals, and one
  /// entry per file (`status`: same, changed, only-in-old, only-in-new, trouble) with its own diff.
  struct FolderDocument: Encodable {
    var old: String
    var new: String
    var differs: Bool
    var totals: CatalogueDiff.Counts
    var files: [CatalogueDiff.Folder.File]

    init(old: String, new: String, diff: CatalogueDiff.Folder) {
      self.old = old
      self.new = new
      self.differs = diff.differs
      self.totals = diff.totals
      self.files = diff.files
    }
  }
}
