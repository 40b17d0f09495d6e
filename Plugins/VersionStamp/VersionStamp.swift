import Foundation
import PackagePlugin

/// Stamps the commit a binary is built from into BuildSupport (`BuildStamp.commit`, which
/// `--version` and every `--report` show), so a plain `swift build` names it as `setup.sh` does.
///
/// A build command, not a prebuild one: SwiftPM skips prebuild commands on incremental builds
/// (swiftlang/swift-package-manager#5476), so a stamp made that way goes stale. This one declares as
/// inputs what moves when the commit or the tree does (git's HEAD, the branch's ref, packed refs,
/// the index, and every file under Sources/ and Package.swift, for `-dirty`), so SwiftPM runs it
/// again exactly then. It runs the system's `sh` and `git`, needs no network, and rewrites its
/// output only when the text changes, so a rebuild that moved nothing recompiles nothing.
@main
struct VersionStamp: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let output = context.pluginWorkDirectoryURL.appending(path: "CommitStamp.swift")
    return [
      .buildCommand(
        displayName: "Stamping the commit into \(target.name)",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: ["-c", Self.script, "version-stamp", root.path, output.path],
        inputFiles: Self.gitFiles(root) + Self.sources(root),
        outputFiles: [output])
    ]
  }

  /// `.git` may be a folder or, in a worktree, a file naming the real one (whose `commondir` holds
  /// the refs); a missing one gives no inputs, and the stamp says the build had no repository.
  static func gitFiles(_ root: URL) -> [URL] {
    let fm = FileManager.default
    var git = root.appending(path: ".git")
    if let text = try? String(contentsOf: git, encoding: .utf8), text.hasPrefix("gitdir:") {
      let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
      git = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appending(path: path)
    }
    var common = git
    if let text = try? String(contentsOf: git.appending(path: "commondir"), encoding: .utf8) {
      let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
      common = path.hasPrefix("/") ? URL(fileURLWithPath: path) : git.appending(path: path)
    }
    var files = [git.appending(path: "HEAD"), git.appending(path: "index"), common.appending(path: "packed-refs")]
    if let head = try? String(contentsOf: git.appending(path: "HEAD"), encoding: .utf8), head.hasPrefix("ref:") {
      let ref = head.dropFirst("ref:".count).trimmingCharacters(in: .whitespacesAndNewlines)
      files.append(common.appending(path: ref))
    }
    return files.filter { fm.fileExists(atPath: $0.path) }
  }

  /// Package.swift and every file under Sources/: an edit to any of them makes the tree dirty.
  static func sources(_ root: URL) -> [URL] {
    var out = [root.appending(path: "Package.swift")]
    let walker = FileManager.default.enumerator(
      at: root.appending(path: "Sources"), includingPropertiesForKeys: [.isRegularFileKey])
    while let url = walker?.nextObject() as? URL {
      if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { out.append(url) }
    }
    return out
  }

  /// `$1` the package root, `$2` the output file. Without git, or outside a repository (a source
  /// tarball), the stamp says exactly that instead of naming a commit.
  static let script = #"""
    root=$1 file=$2
    mkdir -p "$(dirname "$file")" || exit 1
    if ! command -v git >/dev/null 2>&1; then
      commit="unstamped: git was not on PATH when this binary was built"
    elif ! commit=$(git -C "$root" describe --always --dirty --exclude '*' 2>/dev/null); then
      commit="unstamped: built outside a git repository"
    fi
    commit=$(printf '%s' "$commit" | tr -d '"\\\n')
    text="// Written at build time by Plugins/VersionStamp: git describe of the package, or why not.
    enum BuildStamp {
      static let commit = \"$commit\"
    }"
    [ -f "$file" ] && [ "$(cat "$file")" = "$text" ] && exit 0
    printf '%s\n' "$text" >"$file.tmp" && mv "$file.tmp" "$file"
    """#
}
