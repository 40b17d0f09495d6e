import BuildSupport
import Foundation
import SiteMirrorKit

// site-mirror: replay a saved site tree (HOST/PATH) on 127.0.0.1 for builds run with --mirror.
let usage = """
  OVERVIEW: Serve a saved site tree on 127.0.0.1 so builds can replay it with --mirror.

  USAGE: site-mirror --root <dir> [--port <n>] [--sizes <file>] [--for <seconds>] [--chaos <plan>]

  OPTIONS:
    --root <path>      Folder laid out as HOST/PATH (a query maps to the file named PATH?QUERY), a build
                       cache folder, or a WARC file (.warc, .warc.gz).
    --port <n>         Port to bind on 127.0.0.1. (default: any free port)
    --sizes <file>     Lines of `host/path<TAB>bytes` answered to HEAD when no file exists.
    --for <seconds>    Stop by itself after this long. (default: 3600; 1 to 2592000)
    --chaos <plan>     Fault a share of answers, transiently: SEED:RATE[:KIND,...], e.g. 7:0.05 or
                       7:0.1:half-body,error-page-200. Kinds: 5xx-burst, 429, 429-retry-after, reset,
                       lying-length, half-body, stall, empty-200, error-page-200, head-zero,
                       head-error-page.
    --version          Show the version and the commit it was built from.
    --help             Show help information.

  """

/// site-mirror's options, read by the scanner every executable uses and read back through these
/// declarations (the help above words them for people).
enum MirrorOption {
  static let root = Option.path("--root", value: "<path>", help: "A HOST/PATH folder, a cache folder or a WARC file.")
  static let port = Option.integer("--port", 0...65_535, help: "Port to bind on 127.0.0.1.", default: 0)
  static let sizes = Option.path("--sizes", help: "Lines of host/path<TAB>bytes answered to HEAD.")
  static let lifetime = Option.integer(
    "--for", value: "<seconds>", 1...(30 * 86_400), help: "Stop by itself after this long.", default: 3600)
  static let chaos = Option.text("--chaos", value: "<plan>", help: "Fault a share of answers.")
  static let version = Option.flag("--version", help: "Show the version.")
  static let help = Option.flag("--help", help: "Show help information.")
  static let all: [any OptionDeclaring] = [root, port, sizes, lifetime, chaos, version, help]
}
func fail(_ message: String) -> Never {
  Printer.process.error(message)
  Printer.process.plain("USAGE: site-mirror --root <dir> [--port <n>]\nSee 'site-mirror --help'.")
  exit(ExitCode.usage.rawValue)
}
let options: ArgumentScanner.Scanned
do {
  options = try ArgumentScanner(options: MirrorOption.all.map(\.declaration)).scan(
    Array(CommandLine.arguments.dropFirst()))
} catch {
  fail(error.sentence)
}
if options[MirrorOption.help] {
  print(usage, terminator: "")
  exit(0)
}
if options[MirrorOption.version] {
  print(BuildInfo.line("site-mirror"))
  exit(0)
}
let root = options[MirrorOption.root]?.path
let port = UInt16(options[MirrorOption.port])
let sizesFile = options[MirrorOption.sizes]?.path
let lifetime = Double(options[MirrorOption.lifetime])
guard let root else { fail("--root is required.") }
let chaos: ChaosPlan? = options[MirrorOption.chaos].map { spec in
  guard let plan = ChaosPlan(spec: spec) else {
    fail("--chaos takes SEED:RATE[:KIND,...] with RATE from 0 to 1 and kinds from the help, not '\(spec)'.")
  }
  return plan
}
var isDir: ObjCBool = false
guard FileManager.default.fileExists(atPath: root, isDirectory: &isDir) else {
  Printer.process.error("\(root): no such folder or WARC file")
  exit(ExitCode.io.rawValue)
}
let recorded: RecordedSite?
do {
  recorded = try RecordedSource.load(root)
} catch {
  Printer.process.error(BuildRunner.sentence(error))
  exit(ExitCode.invalid.rawValue)
}
do {
  let server = try SiteMirror(root: recorded == nil ? URL(fileURLWithPath: root) : nil, port: port, lifetime: lifetime)
  if let recorded { server.serve(recorded) }
  if let sizesFile {
    guard let text = try? String(contentsOfFile: sizesFile, encoding: .utf8) else {
      Printer.process.error("\(sizesFile): cannot read")
      exit(ExitCode.io.rawValue)
    }
    for (n, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
      let cols = line.split(separator: "\t")
      guard cols.count == 2, let size = Int(cols[1]) else {
        Printer.process.error("\(sizesFile):\(n + 1): expected host/path<TAB>bytes")
        exit(ExitCode.invalid.rawValue)
      }
      server.setSize(size, for: String(cols[0]))
    }
  }
  server.chaos(chaos)
  try server.start()
  print("serving \(root) at \(server.baseURL) (pass --mirror \(server.baseURL)); stops after \(Int(lifetime)) s")
  fflush(nil)
  DispatchQueue.global().asyncAfter(deadline: .now() + lifetime) { exit(0) }
  dispatchMain()
} catch {
  Printer.process.error(BuildRunner.sentence(error))
  exit(ExitCode.unavailable.rawValue)
}
