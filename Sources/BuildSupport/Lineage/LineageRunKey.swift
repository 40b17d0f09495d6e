import CatalogKit
import Foundation

/// What a whole run starts from, as far as its lineage can tell: this executable, the options as
/// resolved, the cache's answers (`CacheStore.answersFingerprint`) and the catalogue files it would
/// replace, each named by the file system, none read. A build is a function of these, so a run
/// that starts from what the last one started from, and the last one changed none of it (no
/// answer written or dropped, every catalogue unchanged), builds the same rows from the same
/// answers: its lineage is the kept one before a single answer is read, and nothing is recorded
/// for it at all, not even the facts of the answers a row may cite.
///
/// Only a `--no-network` run without `--refresh` or `--report` is told so in advance (no other
/// can promise to write no answer, and a report's lineage is every file's worked out); any run
/// may leave the key for the next. A run told so still checks, at its end, that it changed
/// nothing and built the same files unchanged; if not (a damaged answer dropped, a build that is
/// not the function of its inputs it should be), its lineage is not worked out, it says so, and
/// the key is removed, so the next run records everything again.
struct LineageRunKey: Sendable {
  /// The SHA-256 of what the run starts from.
  let key: String
  /// The cache's answers when the run started, to tell at its end whether it changed them.
  let answers: String
  /// Whether this run may be told its lineage in advance (see above).
  let mayExpect: Bool
  /// The catalogue files whose kept lineage is this run's, in order, when the last run that
  /// changed nothing started from the same key and every file it kept still hashes to what it
  /// named; nil otherwise.
  private(set) var expected: [String]?
  /// The run key file as this run found it (read only when the run may be told in advance).
  private var lastKept: Kept?

  /// Nil when there is no lineage to keep, the executable cannot be named, or the cache's
  /// answers cannot be told apart by their folders (`CacheStore.answersFingerprint`).
  init?(_ tool: BuildTool, _ options: BuildOptions) {
    guard options.lineage, tool.lineage != nil, let executable = LineageMemo.executable,
      let answers = CacheStore.answersFingerprint(root: options.cacheDirectory)
    else { return nil }
    self.answers = answers
    // Typed and framed as the memo's inputs are.
    var h = LineageInputs()
    h.add("shelfmark lineage run key 1")
    h.add(executable)
    h.add(tool.name)
    // Every option given, as given, and what a default resolves to that the executable alone
    // does not fix (the folders from the working directory, the date from the clock).
    h.add(options.values.count)
    for (name, values) in options.values.sorted(by: { $0.key < $1.key }) {
      h.add(name)
      h.add(values.count)
      for v in values { h.add(v) }
    }
    h.add(options.cacheDirectory.path)
    h.add(options.outputDirectory.path)
    h.add(options.outputFile?.path)
    h.add(options.date)
    h.add(answers)
    for file in tool.files {
      h.add(file)
      h.add(FileIdentity.of(options.target(for: file).path))
    }
    key = h.hex()
    mayExpect = options.noNetwork && !options.refresh && options.reportFile == nil
    guard mayExpect else { return }
    lastKept = LineageRunKey.read(options, tool)
    guard let kept = lastKept, kept.key == key, !kept.memos.isEmpty else { return }
    for (file, digest) in kept.memos {
      guard let bytes = CacheStore.contents(LineageMemo.path(options, file).path, atMost: LineageMemo.maximumBytes),
        SHA256.hex(bytes) == digest, let memo = LineageMemo.decode(bytes),
        memo.matches(
          inputs: memo.inputs, lineage: CacheStore.contents(LineageRun.cachePath(options, file).path),
          yields: CacheStore.contents(LineageRun.yieldsPath(options, file).path))
      else { return }
    }
    expected = kept.memos.keys.sorted()
  }

  /// Whether the cache's answers are as they were when the run started.
  func answersUnchanged(_ options: BuildOptions) -> Bool {
    CacheStore.answersFingerprint(root: options.cacheDirectory) == answers
  }

  /// `<cache>/lineage/<tool>.run.json`: the key of the last run that changed nothing, and the
  /// digest of each memo it left.
  struct Kept: Encodable, Equatable {
    var key: String
    var memos: [String: String]
  }

  static func path(_ options: BuildOptions, _ tool: BuildTool) -> URL {
    LineageRun.folder(options.cacheDirectory).appendingPathComponent(LineageNames.run(tool: tool.name))
  }

  /// A key and a few dozen memo digests: anything larger was not written by a build.
  static let maximumBytes = 1 << 16

  static func read(_ options: BuildOptions, _ tool: BuildTool) -> Kept? {
    // Through `JSONSerialization`, as the memos are (see `LineageMemo.decode`).
    guard let bytes = CacheStore.contents(path(options, tool).path, atMost: maximumBytes),
      let o = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any],
      let key = o["key"] as? String, let memos = o["memos"] as? [String: String]
    else { return nil }
    return Kept(key: key, memos: memos)
  }

  /// Leaves this run's key for the next, naming the memos as they now are on disk; nothing when
  /// they are not all there.
  func keep(_ options: BuildOptions, _ tool: BuildTool, files: [String]) throws {
    var memos: [String: String] = [:]
    for file in files {
      guard let bytes = CacheStore.contents(LineageMemo.path(options, file).path, atMost: LineageMemo.maximumBytes)
      else { return LineageRunKey.forget(options, tool) }
      memos[file] = SHA256.hex(bytes)
    }
    let kept = Kept(key: key, memos: memos)
    guard kept != lastKept else { return }
    try AtomicFile.write([UInt8](try MachineJSON.encode(kept)), to: LineageRunKey.path(options, tool).path)
  }

  static func forget(_ options: BuildOptions, _ tool: BuildTool) {
    try? FileManager.default.removeItem(at: path(options, tool))
  }
}
