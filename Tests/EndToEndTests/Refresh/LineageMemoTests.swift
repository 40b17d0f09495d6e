import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkSamples
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// The memo kept beside a catalogue's lineage: a warm rebuild from the same answers, by the same
/// executable, takes the kept lineage as it stands and leaves every file as it was; other answers,
/// another executable or a file edited on disk never do.
final class LineageMemoTests: XCTestCase {
  private var dir: URL!
  private var server: SiteMirror!
  private let file = "retrospec-catalog.json"
  private let stands = "so the kept lineage stands"

  override func setUpWithError() throws {
    dir = try Tool.temporaryDirectory("lineage-memo")
    server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 300)
    server.route { GeneratedSizes.answer($0, for: [".zip"]) }
    try server.start()
    try publish(GeneratedRetroSpec(issuesPerSeries: 2))
  }

  override func tearDownWithError() throws {
    server?.stop()
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  private func publish(_ site: GeneratedRetroSpec) throws { try site.publish(in: dir) }

  /// A build as people run one: not quiet, so the memo's note shows; no report, whose merged
  /// lineage needs every file's worked out.
  private func build(_ extra: [String] = [], executable: URL? = nil) throws -> (status: Int32, stderr: String) {
    let arguments =
      [
        "--mirror", server.baseURL, "--cache", dir.appendingPathComponent("cache").path, "--out",
        dir.appendingPathComponent("out").path, "--date", "2026-12-01", "--delay", "0", "--min-issues", "1",
      ] + extra
    let environment = ["no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1"]
    let r = try ChildProcess.run(
      executable ?? Tool.productsDirectory.appendingPathComponent("retrospec-build"), arguments,
      environment: environment)
    return (r.status, r.stderrText)
  }

  private var folder: URL { dir.appendingPathComponent("cache/lineage") }
  private var lineage: URL { folder.appendingPathComponent(LineageNames.current(file)) }
  private var yields: URL { folder.appendingPathComponent(LineageNames.yields(file)) }
  private var memo: URL { folder.appendingPathComponent(LineageNames.memo(file)) }
  private var catalogue: URL { dir.appendingPathComponent("out").appendingPathComponent(file) }

  /// The files a build leaves, as bytes.
  private func files() throws -> [Data] {
    try [lineage, yields, memo, catalogue].map { try Data(contentsOf: $0) }
  }

  private func inode(_ url: URL) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
  }

  func testAWarmRebuildTakesTheKeptLineageAndLeavesEveryFileAsItWas() throws {
    let first = try build()
    XCTAssertEqual(first.status, 0, first.stderr)
    XCTAssertFalse(first.stderr.contains(stands), "a first build has nothing to take")
    let written = try files()
    let memo = try JSONDecoder().decode([String: String].self, from: written[2])
    XCTAssertEqual(memo["lineage"], SHA256.hex([UInt8](written[0])))
    XCTAssertEqual(memo["yields"], SHA256.hex([UInt8](written[1])))
    XCTAssertEqual(memo["inputs"]?.count, 64)
    let inodes = try [lineage, yields, self.memo].map(inode)

    let warm = try build(["--no-network"])
    XCTAssertEqual(warm.status, 0, warm.stderr)
    XCTAssertTrue(warm.stderr.contains("lineage of \(file): the same rows and answers"), warm.stderr)
    XCTAssertEqual(try files(), written)
    XCTAssertEqual(try [lineage, yields, self.memo].map(inode), inodes, "nothing written again")

    // Worked out in full, the same answers give the same lineage, byte for byte: the memo only
    // spares the work.
    try FileManager.default.removeItem(at: self.memo)
    let full = try build(["--no-network"])
    XCTAssertEqual(full.status, 0, full.stderr)
    XCTAssertFalse(full.stderr.contains(stands), full.stderr)
    XCTAssertEqual(try files(), written, "the memo written again names the same inputs and files")
  }

  func testOtherAnswersAnotherExecutableOrAFileEditedOnDiskAreNeverTakenForTheKeptLineage() throws {
    XCTAssertEqual(try build().status, 0)
    let written = try files()

    // A memo whose inputs are not this build's.
    var memo = try JSONDecoder().decode([String: String].self, from: written[2])
    memo["inputs"] = String(repeating: "0", count: 64)
    try JSONEncoder().encode(memo).write(to: self.memo)
    var r = try build(["--no-network"])
    XCTAssertFalse(r.stderr.contains(stands), r.stderr)
    XCTAssertEqual(try files(), written, "worked out again, and the memo put right")

    // Edited on disk: a memo that does not decode, one grown past any memo's size (not read whole),
    // a yields file with a byte more, a lineage cut.
    try Data("{\"inputs\":".utf8).write(to: self.memo)
    r = try build(["--no-network"])
    XCTAssertFalse(r.stderr.contains(stands), r.stderr)
    XCTAssertEqual(try files(), written)
    try (written[2] + Data(repeating: 0x20, count: 1 << 20)).write(to: self.memo)
    r = try build(["--no-network"])
    XCTAssertFalse(r.stderr.contains(stands), r.stderr)
    XCTAssertEqual(try files(), written)
    try (written[1] + Data(" ".utf8)).write(to: yields)
    r = try build(["--no-network"])
    XCTAssertFalse(r.stderr.contains(stands), r.stderr)
    XCTAssertEqual(try Data(contentsOf: lineage), written[0])
    XCTAssertEqual(
      try JSONDecoder().decode([String: String].self, from: Data(contentsOf: self.memo))["yields"],
      SHA256.hex([UInt8](try Data(contentsOf: yields))), "the memo names the yields file as it now is")
    try written[1].write(to: yields)
    try written[0].prefix(written[0].count / 2).write(to: lineage)
    r = try build(["--no-network"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertFalse(r.stderr.contains(stands), r.stderr)
    XCTAssertTrue(r.stderr.contains("did not inflate (cut or edited on disk)"), r.stderr)
    XCTAssertEqual(try files(), written)

    // Another executable (a rebuilt tool is another file): the same lineage, worked out again.
    let copy = dir.appendingPathComponent("retrospec-build")
    try FileManager.default.copyItem(at: Tool.productsDirectory.appendingPathComponent("retrospec-build"), to: copy)
    r = try build(["--no-network"], executable: copy)
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertFalse(r.stderr.contains(stands), r.stderr)
    XCTAssertEqual(try files().prefix(2), written.prefix(2))
    XCTAssertNotEqual(try Data(contentsOf: self.memo), written[2], "the memo now names that executable's inputs")
    XCTAssertTrue(try build(["--no-network"], executable: copy).stderr.contains(stands))

    // Other answers: a listing changed on the site.
    try publish(GeneratedRetroSpec(issuesPerSeries: 2, change: .listings))
    r = try build(["--refresh=all", "--allow-shrink"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertFalse(r.stderr.contains(stands), r.stderr)
    XCTAssertNotEqual(try Data(contentsOf: lineage), written[0])
    XCTAssertTrue(try build(["--no-network"]).stderr.contains(stands), "and taken again once nothing moves")
  }

  private let recordedNothing = "so the kept lineage stands (nothing was recorded)"
  private var runKey: URL { folder.appendingPathComponent(LineageNames.run(tool: "retrospec-build")) }

  /// A `--no-network` rebuild that changed nothing leaves a run key; the next that starts from the
  /// same answers, catalogue and options records nothing at all and leaves every file as it was.
  func testARebuildFromWhereTheLastStartedRecordsNothing() throws {
    XCTAssertEqual(try build().status, 0)
    XCTAssertFalse(FileManager.default.fileExists(atPath: runKey.path), "a build that wrote answers leaves none")
    let warm = try build(["--no-network"])
    XCTAssertTrue(warm.stderr.contains("lineage of \(file): the same rows and answers"), warm.stderr)
    let key = try Data(contentsOf: runKey)
    let written = try files()
    let inodes = try [lineage, yields, memo, runKey].map(inode)

    let again = try build(["--no-network"])
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertTrue(again.stderr.contains("lineage of \(file): this build started from the same answers"), again.stderr)
    XCTAssertTrue(again.stderr.contains(recordedNothing), again.stderr)
    XCTAssertEqual(try files(), written)
    XCTAssertEqual(try Data(contentsOf: runKey), key)
    XCTAssertEqual(try [lineage, yields, memo, runKey].map(inode), inodes, "nothing written again")

    // A run that may fetch cannot promise to write no answer: it records, takes the memo, and
    // leaves no key.
    let online = try build()
    XCTAssertTrue(online.stderr.contains(stands), online.stderr)
    XCTAssertFalse(online.stderr.contains(recordedNothing), online.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: runKey.path))
  }

  /// Whatever the key names moved (the options, an answer, the catalogue file, a memo or the
  /// yields, the executable): the run records, the memo decides, and the key is left anew.
  func testTheRunKeyIsNotTakenWhenAnythingItNamesMoved() throws {
    XCTAssertEqual(try build().status, 0)
    XCTAssertEqual(try build(["--no-network"]).status, 0)
    func run(_ extra: [String] = [], executable: URL? = nil) throws -> String {
      let r = try build(["--no-network"] + extra, executable: executable)
      XCTAssertEqual(r.status, 0, r.stderr)
      return r.stderr
    }
    func taken(_ extra: [String] = [], executable: URL? = nil) throws -> Bool {
      try run(extra, executable: executable).contains(recordedNothing)
    }
    XCTAssertTrue(try taken())

    XCTAssertFalse(try taken(["--jobs", "2"]), "other options")
    XCTAssertTrue(try taken(["--jobs", "2"]), "which leave their own key")
    XCTAssertFalse(try taken())
    XCTAssertTrue(try taken())

    // An answer written or dropped by any process renames a file in a shard.
    let shard = dir.appendingPathComponent("cache/v1/00")
    try FileManager.default.createDirectory(at: shard, withIntermediateDirectories: true)
    try Data().write(to: shard.appendingPathComponent("written"))
    try FileManager.default.removeItem(at: shard.appendingPathComponent("written"))
    let afterWrite = try run()
    XCTAssertFalse(afterWrite.contains(recordedNothing), afterWrite)
    XCTAssertTrue(afterWrite.contains(stands), "the same answers as the memo's: " + afterWrite)
    XCTAssertTrue(try taken())

    // The catalogue replaced by the same bytes: another file to the file system.
    let bytes = try Data(contentsOf: catalogue)
    try FileManager.default.removeItem(at: catalogue)
    try bytes.write(to: catalogue)
    XCTAssertFalse(try taken())
    XCTAssertTrue(try taken())

    // A memo or the yields edited: the key names the memo's digest, the memo the yields'.
    let memoBytes = try Data(contentsOf: memo)
    try (memoBytes + Data(" ".utf8)).write(to: memo)
    XCTAssertFalse(try taken())
    XCTAssertTrue(try taken())
    let yieldsBytes = try Data(contentsOf: yields)
    try (yieldsBytes + Data(" ".utf8)).write(to: yields)
    XCTAssertFalse(try taken())
    XCTAssertTrue(try taken())

    // Another executable.
    let copy = dir.appendingPathComponent("retrospec-build")
    try FileManager.default.copyItem(at: Tool.productsDirectory.appendingPathComponent("retrospec-build"), to: copy)
    XCTAssertFalse(try taken(executable: copy))
    XCTAssertTrue(try taken(executable: copy))
  }

  /// A run told its lineage in advance that then builds other rows (here: the catalogue edited in
  /// place with its size, inode and time kept, which the key cannot see) says its lineage was not
  /// worked out and drops the key; the next run records everything again.
  func testARunThatDoesNotEndAsTheLastDidSaysSoAndDropsTheKey() throws {
    XCTAssertEqual(try build().status, 0)
    XCTAssertEqual(try build(["--no-network"]).status, 0)
    XCTAssertTrue(FileManager.default.fileExists(atPath: runKey.path))
    let kept = try Data(contentsOf: lineage)

    var bytes = [UInt8](try Data(contentsOf: catalogue))
    let title = try XCTUnwrap(bytes.firstRange(of: Array("\"title\"".utf8)))
    let open = try XCTUnwrap(bytes[title.upperBound...].firstIndex(of: UInt8(ascii: "\"")))
    bytes[open + 1] = bytes[open + 1] == UInt8(ascii: "Q") ? UInt8(ascii: "R") : UInt8(ascii: "Q")
    var before = stat()
    XCTAssertEqual(stat(catalogue.path, &before), 0)
    let handle = try FileHandle(forUpdating: catalogue)
    try handle.write(contentsOf: Data(bytes))
    try handle.close()
    var times = [before.st_atim, before.st_mtim]
    XCTAssertEqual(utimensat(AT_FDCWD, catalogue.path, &times, 0), 0)

    let r = try build(["--no-network"])
    XCTAssertTrue(r.stderr.contains("the lineage of \(file) was not worked out"), r.stderr)
    XCTAssertFalse(r.stderr.contains(stands), r.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: runKey.path))
    XCTAssertEqual(try Data(contentsOf: lineage), kept, "the kept lineage left as it was")

    let next = try build(["--no-network"])
    XCTAssertEqual(next.status, 0, next.stderr)
    XCTAssertTrue(next.stderr.contains("lineage of \(file): the same rows and answers"), next.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: runKey.path))
  }

  /// With `--report` the merged lineage beside it needs every file's, so none is taken from the
  /// memo: the file beside the report is whole, and the kept files (the memo too) are the same.
  func testABuildWithAReportWorksEveryLineageOut() throws {
    XCTAssertEqual(try build().status, 0)
    XCTAssertTrue(try build(["--no-network"]).stderr.contains(stands))
    let written = try files()
    let report = dir.appendingPathComponent("report.json")
    let r = try build(["--no-network", "--report", report.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertFalse(r.stderr.contains(stands), r.stderr)
    let beside = try LineageFile.decode([UInt8](Data(contentsOf: LineageRun.besideReport(report))))
    let kept = try LineageFile.decode([UInt8](written[0]))
    XCTAssertEqual(beside.rows.count, kept.rows.count)
    XCTAssertFalse(beside.rows.isEmpty)
    XCTAssertEqual(try files(), written)
  }

  /// A cache an older build left holds its lineage gzip-compressed (before that, plain): the next
  /// build writes its own as xz, keeps the old one's lines as the previous lineage, so the first
  /// review page after the upgrade still has both sides, removes the old names, and `catalog
  /// explain --cache` reads whichever the cache has.
  func testALineageAnOlderBuildLeftBecomesThePreviousOne() throws {
    XCTAssertEqual(try build().status, 0)
    let kept = try LineageFile.decode([UInt8](Data(contentsOf: lineage)))
    let lines = kept.encoded()
    let explainID = try XCTUnwrap(kept.rows.first?.id)
    func explain() throws -> Tool.Result {
      try Tool.run(
        "catalog", ["explain", catalogue.path, explainID, "--cache", dir.appendingPathComponent("cache").path])
    }
    for (name, bytes) in [
      (LineageNames.legacyCurrent(file)[0], try GzipMembers.compress(lines, level: 5)),
      (LineageNames.legacyCurrent(file)[1], lines),
    ] {
      for f in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
        try FileManager.default.removeItem(at: f)
      }
      let old = folder.appendingPathComponent(name)
      try Data(bytes).write(to: old)
      let read = try explain()
      XCTAssertEqual(read.status, 0, "\(name): \(read.stderr)")
      XCTAssertTrue(read.stdout.contains(explainID), read.stdout)

      let r = try build(["--no-network"])
      XCTAssertEqual(r.status, 0, r.stderr)
      XCTAssertFalse(FileManager.default.fileExists(atPath: old.path), "\(name) is moved out of the way")
      let current = [UInt8](try Data(contentsOf: lineage))
      XCTAssertTrue(Xz.isXz(current), name)
      XCTAssertEqual(try LineageFile.decode(current).encoded(), lines, name)
      let previous = [UInt8](try Data(contentsOf: folder.appendingPathComponent(LineageNames.previous(file))))
      XCTAssertTrue(Xz.isXz(previous), name)
      XCTAssertEqual(try LineageFile.decode(previous).encoded(), lines, "\(name) became the previous lineage")
    }
  }
}
