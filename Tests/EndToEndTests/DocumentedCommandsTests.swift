import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// Every command README.md and docs/ show runs as printed on a fresh clone (issue 19.6): the pages
/// are read by `DocumentedPage`'s convention, and each page's commands run in order in a fresh copy
/// of the repository with the built tools on PATH and no way out to the internet.
final class DocumentedCommandsTests: XCTestCase {
  /// Longest any one command may take; the demo, the slowest, takes seconds.
  private static let commandLimitSeconds = 120

  private var dir: URL?

  override func tearDownWithError() throws {
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  func testEveryCommandInTheReadmeAndTheDocsRunsAsPrintedOnAFreshClone() throws {
    let root = TestPaths.packageRoot
    let pages = try Self.documentationPages()
    XCTAssertTrue(pages.contains("README.md") && pages.contains("docs/catalog.md"), "\(pages)")
    let git = try Self.requireGit()
    let work = try Tool.temporaryDirectory("documented-commands")
    dir = work
    var ran = 0
    var skipped = 0
    for page in pages {
      let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
      let parsed = DocumentedPage(markdown: text)
      for problem in parsed.problems { XCTFail("\(page): \(problem)") }
      // One fresh clone per page, made when its first command is due.
      var clone: (folder: URL, environment: [String: String])?
      for block in parsed.blocks {
        if let reason = block.notRun {
          print("skipped \(page):\(block.line) (\(Plural.count(block.commands.count, "command"))): \(reason)")
          for command in block.commands { print("    \(Self.oneLine(command.text))") }
          skipped += block.commands.count
          continue
        }
        if clone == nil {
          let place = work.appendingPathComponent(page.replacingOccurrences(of: "/", with: "_"))
          clone = (try Self.freshClone(of: root, in: place, git: git), try Self.environment(in: place))
        }
        guard let (folder, environment) = clone else { continue }
        for command in block.commands {
          try Self.check(command, of: page, in: folder, environment: environment)
          ran += 1
        }
      }
      // What the commands leave must be what .gitignore keeps out, and nothing shipped may change.
      guard let folder = clone?.folder else { continue }
      let status = try Self.run(git, ["status", "--porcelain", "--untracked-files=normal"], in: folder)
      let left = status.stdoutText.split(separator: "\n").map(String.init)
      XCTAssertEqual(
        left, [], "\(page)'s commands leave files git would commit (ignore them in .gitignore, or change no file)")
    }
    print("documented commands: \(ran) ran, \(skipped) not run (each named above with its reason)")
    XCTAssertGreaterThan(ran, 0, "no page had a command to run")
  }

  /// Runs one command as a reader would type it and fails unless it exits as its page shows.
  private static func check(
    _ command: DocumentedPage.Command, of page: String, in folder: URL, environment: [String: String]
  ) throws {
    let r = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["timeout", "-k", "5", "\(commandLimitSeconds)", "bash", "-c", command.text],
      in: folder, environment: environment)
    print("ran \(page):\(command.line) (exit \(r.status)): \(oneLine(command.text))")
    guard r.status != command.expectedStatus else { return }
    let why = r.status == 124 ? "timed out after \(commandLimitSeconds) s" : "exited \(r.status)"
    XCTFail(
      """
      \(page):\(command.line): `\(oneLine(command.text))` \(why); the page says it exits \(command.expectedStatus)
      stdout (end): \(tail(r.stdoutText))
      stderr (end): \(tail(r.stderrText))
      """)
  }

  // The convention, on pages written for it.

  func testAScriptBlockRunsEveryLineButCommentsAndJoinsContinuations() {
    let page = DocumentedPage(
      markdown: """
        Intro.

        ```sh
        # a comment line
        catalog check catalogs        # every file
        catalog build --all \\
          --out catalogs-new

        catalog diff a b  # exits 1: they differ
        ```
        """)
    XCTAssertEqual(page.problems, [])
    XCTAssertEqual(
      page.blocks,
      [
        DocumentedPage.Block(
          line: 3, language: "sh",
          commands: [
            .init(line: 5, text: "catalog check catalogs        # every file"),
            .init(line: 6, text: "catalog build --all \\\n  --out catalogs-new"),
            .init(line: 9, text: "catalog diff a b  # exits 1: they differ", expectedStatus: 1),
          ])
      ])
  }

  func testATranscriptRunsOnlyItsDollarLines() {
    let page = DocumentedPage(
      markdown: """
        ```console
        $ catalog stats catalogs
        file  shape  issues
        $ catalog diff old new   # exits 1
        old: old (3 issues)
        ```
        """)
    XCTAssertEqual(page.problems, [])
    XCTAssertEqual(
      page.blocks.first?.commands,
      [
        .init(line: 2, text: "catalog stats catalogs"),
        .init(line: 4, text: "catalog diff old new   # exits 1", expectedStatus: 1),
      ])
  }

  func testANotRunMarkerSkipsItsBlockAndKeepsTheReason() {
    let page = DocumentedPage(
      markdown: """
        <!-- not run: crawls the live site for hours -->

        ```sh
        bombjack-build --ignore-robots
        ```

        ```text
        bombjack-build --ignore-robots
        ```
        """)
    XCTAssertEqual(page.problems, [])
    XCTAssertEqual(page.blocks.count, 1, "a text block holds no command")
    XCTAssertEqual(page.blocks.first?.notRun, "crawls the live site for hours")
    XCTAssertEqual(page.blocks.first?.commands.map(\.text), ["bombjack-build --ignore-robots"])
  }

  func testABareFenceAMarkerWithoutAReasonAndAMisplacedMarkerAreProblems() {
    let page = DocumentedPage(
      markdown: """
        ```
        catalog check catalogs
        ```
        <!-- not run -->
        ```sh
        catalog check catalogs
        ```
        <!-- not run: nothing to run -->
        ```json
        {}
        ```
        <!-- not run: stray -->
        Some prose.
        ```sh
        ```
        """)
    XCTAssertEqual(page.problems.map(\.line), [1, 4, 8, 12, 14], "\(page.problems)")
  }

  func testAHashInsideQuotesOrAWordStartsNoComment() {
    XCTAssertEqual(DocumentedPage.expectedStatus(of: "echo '# exits 3'"), 0)
    XCTAssertEqual(DocumentedPage.expectedStatus(of: "curl https://h/p#exits 3"), 0)
    XCTAssertEqual(DocumentedPage.expectedStatus(of: "catalog diff a b # exits 2 (trouble)"), 2)
    XCTAssertEqual(DocumentedPage.expectedStatus(of: "catalog diff a b # differs, exits 1"), 1)
    XCTAssertEqual(DocumentedPage.expectedStatus(of: "catalog check catalogs  # exit 0: all 18 files"), 0)
    XCTAssertEqual(DocumentedPage.expectedStatus(of: "catalog check broken  # exit 65: refused"), 65)
  }

  func testAFenceInsideAListItemLosesItsIndent() {
    let page = DocumentedPage(
      markdown: """
        1. Build:
           ```sh
           catalog check catalogs
           ```
        """)
    XCTAssertEqual(page.blocks.first?.commands, [.init(line: 3, text: "catalog check catalogs")])
  }

  // The run.

  /// README.md, then every page in docs/ and docs/sources/, as paths relative to the package root.
  private static func documentationPages() throws -> [String] {
    let root = TestPaths.packageRoot
    var pages = ["README.md"]
    for folder in ["docs", "docs/sources"] {
      let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
      pages += names.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
    }
    return pages
  }

  /// git, to list what a clone holds and what the commands leave; skips, saying so, without it.
  private static func requireGit() throws -> URL {
    let git = URL(fileURLWithPath: "/usr/bin/git")
    let inside = try? run(git, ["rev-parse", "--is-inside-work-tree"], in: TestPaths.packageRoot)
    guard let inside, inside.status == 0 else {
      let reason =
        "\(TestPaths.packageRoot.path) is not a git work tree with /usr/bin/git (setup.sh installs git), "
        + "so there is no clone to copy"
      print("skipped: " + reason)
      throw XCTSkip(reason)
    }
    return git
  }

  /// A clone of this tree as it is now: its files (tracked, and new ones not ignored, with their
  /// current contents) committed on `main` of a repository beside it, then cloned from there, so
  /// `git pull` and `git log` work as in a clone of GitHub's copy; `.build/debug` points at the
  /// built tools, as after `bash setup.sh`.
  private static func freshClone(of root: URL, in place: URL, git: URL) throws -> URL {
    let fm = FileManager.default
    let upstream = place.appendingPathComponent("upstream")
    let clone = place.appendingPathComponent("clone")
    let listed = try run(git, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], in: root)
    XCTAssertEqual(listed.status, 0, listed.stderrText)
    try fm.createDirectory(at: upstream, withIntermediateDirectories: true)
    for path in listed.stdoutText.split(separator: "\0").map(String.init) {
      let from = root.appendingPathComponent(path)
      // A file deleted but not yet committed is not in the clone either.
      guard (try? fm.attributesOfItem(atPath: from.path)) != nil else { continue }
      let to = upstream.appendingPathComponent(path)
      try fm.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
      try fm.copyItem(at: from, to: to)
    }
    let steps: [(URL, [String])] = [
      (upstream, ["init", "-q", "--initial-branch=main"]),
      (upstream, ["add", "-A"]),
      (upstream, ["-c", "user.name=Shelfmark", "-c", "user.email=docs@localhost", "commit", "-q", "-m", "the tree"]),
      (place, ["clone", "-q", upstream.path, clone.path]),
    ]
    for (folder, arguments) in steps {
      let r = try run(git, arguments, in: folder)
      XCTAssertEqual(r.status, 0, "git \(arguments.joined(separator: " ")): \(r.stderrText)")
    }
    let build = clone.appendingPathComponent(".build")
    try fm.createDirectory(at: build, withIntermediateDirectories: true)
    try fm.createSymbolicLink(at: build.appendingPathComponent("debug"), withDestinationURL: Tool.productsDirectory)
    return clone
  }

  /// The built tools first on PATH; a home and a temporary folder of the run's own; every proxy
  /// variable pointing at a closed port on 127.0.0.1, so a command that would reach the internet
  /// fails at once, while the loopback mirror (127.0.0.1) stays reachable.
  private static func environment(in place: URL) throws -> [String: String] {
    let home = place.appendingPathComponent("home")
    let tmp = place.appendingPathComponent("tmp")
    for u in [home, tmp] { try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true) }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let nowhere = "http://127.0.0.1:9"
    let clone = place.appendingPathComponent("clone")
    return [
      "PATH": clone.appendingPathComponent(".build/debug").path + ":" + path,
      "HOME": home.path, "TMPDIR": tmp.path, "NO_COLOR": "1", "GIT_CONFIG_NOSYSTEM": "1",
      "http_proxy": nowhere, "https_proxy": nowhere, "HTTP_PROXY": nowhere, "HTTPS_PROXY": nowhere,
      "ALL_PROXY": nowhere, "all_proxy": nowhere,
      "no_proxy": "127.0.0.1,localhost,::1", "NO_PROXY": "127.0.0.1,localhost,::1",
    ]
  }

  private static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> ChildProcess.Result {
    try ChildProcess.run(
      executable, arguments, in: directory,
      environment: ["GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"])
  }

  private static func oneLine(_ text: String) -> String {
    text.replacingOccurrences(of: "\\\n", with: " ").replacingOccurrences(of: "\n", with: " ")
  }

  private static func tail(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.suffix(15).joined(separator: "\n")
  }
}
