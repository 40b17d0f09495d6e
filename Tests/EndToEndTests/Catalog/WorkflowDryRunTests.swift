import BuildSupport
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `.github/workflows/rebuild.yml` as GitHub runs it, on this machine: `scripts/workflow-dry-run`
/// reads every job and step from the YAML and runs them against the demo's loopback mirror, with
/// local stand-ins for checkout, the caches, the artifacts, `gh` and the job's token.
final class WorkflowDryRunTests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws {
    dir = try Tool.temporaryDirectory("workflow-dry-run")
  }

  override func tearDownWithError() throws {
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  func testTheWeeklyWorkflowStopsAtItsBudgetSavesItsCachesThenContinuesOpensThePullRequestAndStartsCI() throws {
    let python = try Self.python()
    let state = dir.appendingPathComponent("state").path

    // Week 1: the sites answer slowly and the budget is 3 s: catalog build stops (exit 75), nothing
    // changes, so no pull request; the source caches and the history are saved all the same.
    let first = try Self.dryRun(python, ["--state", state, "--slow", "400", "--max-time", "3s"])
    let rebuild1 = try Self.job(first, "rebuild")
    XCTAssertEqual(rebuild1["result"] as? String, "success", "exit 75 is not a failure of the job")
    let outputs1 = rebuild1["outputs"] as? [String: String] ?? [:]
    XCTAssertEqual(outputs1["build"], "75")
    XCTAssertEqual(outputs1["diff"], "0")
    XCTAssertEqual(try Self.job(first, "pull-request")["result"] as? String, "skipped")
    let budget = try Self.step(rebuild1, "budget")
    XCTAssertEqual((budget["outputs"] as? [String: String])?["seconds"], "3", "the input caps the budget")
    let caches1 = first["caches"] as? [String: [String]] ?? [:]
    let saved = try XCTUnwrap(caches1.keys.first { $0.hasPrefix("source-caches-") }, "\(caches1)")
    XCTAssertEqual(caches1[saved], [".shelfmark", "caches"])
    XCTAssertTrue(caches1.keys.contains { $0.hasPrefix("build-release-Linux-") }, ".build is saved: \(caches1)")
    let artifact1 = try Self.onlyArtifact(first)
    XCTAssertTrue(artifact1.contains(".shelfmark/history.jsonl"), "the history reaches the artifact: \(artifact1)")
    XCTAssertTrue(artifact1.contains("rebuild/review.html"), "\(artifact1)")

    // Week 2: the same workflow, the sites quick again. It restores week 1's caches, completes,
    // finds the book the shipped file lacks, and the second job pushes the branch, opens the pull
    // request and starts CI on it.
    let second = try Self.dryRun(python, ["--state", state])
    let rebuild2 = try Self.job(second, "rebuild")
    XCTAssertEqual(rebuild2["result"] as? String, "success")
    let outputs2 = rebuild2["outputs"] as? [String: String] ?? [:]
    XCTAssertEqual(outputs2["build"], "0")
    XCTAssertEqual(outputs2["diff"], "1")
    XCTAssertEqual(outputs2["check"], "success")
    let restored = try Self.step(rebuild2, "sources-cache")
    XCTAssertEqual((restored["outputs"] as? [String: String])?["cache-matched-key"], saved, "continues from week 1")
    XCTAssertEqual(
      (try Self.step(rebuild2, "build-cache")["outputs"] as? [String: String])?["cache-hit"], "true",
      "the unchanged sources' .build comes back")
    XCTAssertEqual(try Self.job(second, "pull-request")["result"] as? String, "success")
    XCTAssertEqual(second["branches"] as? [String: [String]], ["rebuild/weekly": ["catalogs/vintageapple-books.json"]])
    let pulls = second["pulls"] as? [[String: Any]] ?? []
    XCTAssertEqual(pulls.count, 1)
    XCTAssertEqual(pulls.first?["labels"] as? [String], ["rebuild"])
    XCTAssertTrue((pulls.first?["body"] as? String ?? "").contains("vintageapple-books.json"), "the diff is the body")
    let dispatches = second["dispatches"] as? [[String: String]] ?? []
    XCTAssertEqual(dispatches, [["workflow": "ci.yml", "ref": "rebuild/weekly"]], "CI runs on the weekly branch")
    XCTAssertEqual(second["problems"] as? [String], [])

    // Week 3: the pull request is still open, so it is updated, not opened twice.
    let third = try Self.dryRun(python, ["--state", state])
    let calls = (third["gh"] as? [[String]] ?? []).map { $0.prefix(2).joined(separator: " ") }
    XCTAssertEqual(calls, ["label create", "pr list", "pr edit", "workflow run"])
    XCTAssertEqual((third["pulls"] as? [[String: Any]])?.count, 1)
  }

  func testTheDryRunCatchesAHiddenHistoryLeftOutAndAMissingPermission() throws {
    let python = try Self.python()
    let workflow = TestPaths.packageRoot.appendingPathComponent(".github/workflows/rebuild.yml")
    let text = try String(contentsOf: workflow, encoding: .utf8)
    // The two mistakes this workflow once had: upload-artifact v4.4+ without include-hidden-files,
    // and a pull-request job whose token may not start a workflow.
    let broken =
      text
      .replacingOccurrences(of: "          include-hidden-files: true\n", with: "")
      .replacingOccurrences(of: "      actions: write # start ci.yml on the branch\n", with: "")
    XCTAssertNotEqual(broken, text)
    XCTAssertFalse(broken.contains("include-hidden-files") || broken.contains("actions: write"), "both lines removed")
    let copy = dir.appendingPathComponent("rebuild.yml")
    try broken.write(to: copy, atomically: true, encoding: .utf8)

    let report = try Self.dryRun(
      python, ["--state", dir.appendingPathComponent("state").path, "--workflow", copy.path], expect: 1)
    let artifact = try Self.onlyArtifact(report)
    XCTAssertFalse(artifact.contains(".shelfmark/history.jsonl"), "a hidden file is left out: \(artifact)")
    XCTAssertTrue(artifact.contains("rebuild/review.html"), "\(artifact)")
    let pullRequest = try Self.job(report, "pull-request")
    XCTAssertEqual(pullRequest["result"] as? String, "failure")
    XCTAssertEqual(
      try Self.step(pullRequest, named: "Open or update the pull request")["outcome"] as? String, "failure")
    XCTAssertEqual(report["dispatches"] as? [[String: String]], [], "gh workflow run was refused")
  }

  // MARK: - helpers

  /// A Python that can read YAML: the venv's (.ci/run and scripts/check-workflows.sh install
  /// check-jsonschema there, which brings ruamel.yaml), else python3 on PATH with PyYAML.
  static func python() throws -> String {
    let venv =
      ProcessInfo.processInfo.environment["SHELFMARK_VENV"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/tmp/shelfmark-venv"
    var candidates = [venv + "/bin/python3"]
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      candidates.append("\(dir)/python3")
    }
    for python in candidates where FileManager.default.isExecutableFile(atPath: python) {
      let probe = try ChildProcess.run(
        URL(fileURLWithPath: python),
        ["-c", "import importlib.util as u, sys; sys.exit(0 if u.find_spec('ruamel') or u.find_spec('yaml') else 1)"])
      if probe.status == 0 { return python }
    }
    let reason =
      "no Python with a YAML reader (looked in \(venv)/bin and on PATH; `bash scripts/check-workflows.sh` installs "
      + "one into \(venv))"
    print("skipped: \(reason)")
    throw XCTSkip(reason)
  }

  /// Runs the dry run with `--json` against this build's products and returns its report.
  static func dryRun(_ python: String, _ arguments: [String], expect status: Int32 = 0) throws -> [String: Any] {
    let script = TestPaths.packageRoot.appendingPathComponent("scripts/workflow-dry-run").path
    let r = try ChildProcess.run(
      URL(fileURLWithPath: python),
      [script, "--products", Tool.productsDirectory.path, "--timeout", "300", "--json"] + arguments)
    if r.status == 69 {
      // Something it needs is missing here (the message says what); setup.sh installs it for CI.
      print("skipped: \(r.stderrText)")
      throw XCTSkip(r.stderrText)
    }
    XCTAssertEqual(r.status, status, r.stderrText)
    let object = try JSONSerialization.jsonObject(with: r.stdout)
    return try XCTUnwrap(object as? [String: Any], r.stdoutText + r.stderrText)
  }

  static func job(_ report: [String: Any], _ name: String) throws -> [String: Any] {
    try XCTUnwrap((report["jobs"] as? [String: Any])?[name] as? [String: Any], "no job \(name)")
  }

  static func step(_ job: [String: Any], _ id: String) throws -> [String: Any] {
    let steps = job["steps"] as? [[String: Any]] ?? []
    return try XCTUnwrap(steps.first { $0["id"] as? String == id }, "no step \(id)")
  }

  static func step(_ job: [String: Any], named prefix: String) throws -> [String: Any] {
    let steps = job["steps"] as? [[String: Any]] ?? []
    return try XCTUnwrap(steps.first { ($0["name"] as? String ?? "").hasPrefix(prefix) }, "no step \(prefix)")
  }

  /// The files of the artifact this run uploaded (the newest, when the state holds earlier runs').
  static func onlyArtifact(_ report: [String: Any]) throws -> [String] {
    let artifacts = report["artifacts"] as? [String: [String]] ?? [:]
    let run = report["run"] as? Int ?? 0
    let name = try XCTUnwrap(artifacts.keys.first { $0.hasSuffix("-\(1000 + run)-1") }, "\(artifacts.keys)")
    return artifacts[name] ?? []
  }
}
