import Foundation
import SiteMirrorKit

// site-mirror: replay a saved site tree (HOST/PATH) on 127.0.0.1 for builds run with --mirror.
let usage = """
  OVERVIEW: Serve a saved site tree on 127.0.0.1 so builds can replay it with --mirror.

  USAGE: site-mirror --root <dir> [--port <n>] [--sizes <file>] [--for <seconds>]

  OPTIONS:
    --root <path>      Folder laid out as HOST/PATH (a query maps to the file named PATH?QUERY), a build
                       cache folder, or a WARC file (.warc, .warc.gz).
    --port <n>         Port to bind on 127.0.0.1. (default: any free port)
    --sizes <file>     Lines of `host/path<TAB>bytes` answered to HEAD when no file exists.
    --for <seconds>    Stop by itself after this long. (default: 3600)
    --help             Show help information.

  """

var root: String?
var port: UInt16 = 0
var sizesFile: String?
var lifetime = 3600.0
var args = Array(CommandLine.arguments.dropFirst())
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(
    Data("error: \(message)\nUSAGE: site-mirror --root <dir> [--port <n>]\nSee 'site-mirror --help'.\n".utf8))
  exit(64)
}
while !args.isEmpty {
  let a = args.removeFirst()
  func value() -> String {
    guard !args.isEmpty else { fail("\(a) needs a value.") }
    return args.removeFirst()
  }
  switch a {
  case "--root": root = value()
  case "--port":
    let v = value()
    guard let p = UInt16(v) else { fail("--port takes a number from 0 to 65535, not '\(v)'.") }
    port = p
  case "--sizes": sizesFile = value()
  case "--for":
    let v = value()
    guard let s = Double(v), s > 0 else { fail("--for takes seconds, not '\(v)'.") }
    lifetime = s
  case "--help", "-h":
    print(usage, terminator: "")
    exit(0)
  default: fail("Unknown option '\(a)'.")
  }
}
guard let root else { fail("--root is required.") }
var isDir: ObjCBool = false
guard FileManager.default.fileExists(atPath: root, isDirectory: &isDir) else {
  FileHandle.standardError.write(Data("error: \(root): no such folder or WARC file\n".utf8))
  exit(66)
}
let recorded: RecordedSite?
do {
  recorded = try RecordedSource.load(root)
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(65)
}
do {
  let server = try SiteMirror(root: recorded == nil ? URL(fileURLWithPath: root) : nil, port: port, lifetime: lifetime)
  if let recorded { server.serve(recorded) }
  if let sizesFile {
    guard let text = try? String(contentsOfFile: sizesFile, encoding: .utf8) else {
      FileHandle.standardError.write(Data("error: \(sizesFile): cannot read\n".utf8))
      exit(66)
    }
    for (n, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
      let cols = line.split(separator: "\t")
      guard cols.count == 2, let size = Int(cols[1]) else {
        FileHandle.standardError.write(Data("error: \(sizesFile):\(n + 1): expected host/path<TAB>bytes\n".utf8))
        exit(65)
      }
      server.setSize(size, for: String(cols[0]))
    }
  }
  try server.start()
  print("serving \(root) at \(server.baseURL) (pass --mirror \(server.baseURL)); stops after \(Int(lifetime)) s")
  fflush(nil)
  DispatchQueue.global().asyncAfter(deadline: .now() + lifetime) { exit(0) }
  dispatchMain()
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(69)
}
