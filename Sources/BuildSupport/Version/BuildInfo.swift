import CCurl
import CSQLite
import CatalogKit

/// What a binary is: the package version, the commit it was built from and the libraries it runs
/// with. `--version` prints it; every `--report` carries it.
public enum BuildInfo {
  /// The package's version; raised by hand with a release.
  public static let version = "1.0.0"
  /// `git describe --always --dirty` of the package when this binary was built (Plugins/VersionStamp
  /// stamps it at every build that changes it), or `unstamped: …` saying why there was none.
  public static let commit = BuildStamp.commit

  /// The compiler that built this binary (the language has no run-time query for it).
  public static var swift: String {
    #if compiler(>=6.4)
      "6.4 or later"
    #elseif compiler(>=6.3)
      "6.3"
    #elseif compiler(>=6.2)
      "6.2"
    #elseif compiler(>=6.1)
      "6.1"
    #else
      "6.0"
    #endif
  }

  public static var libcurl: String {
    // `curl_version()` reads "libcurl/8.5.0 OpenSSL/3.0.13 …"; the first word is the library's.
    guard let text = curl_version() else { return "unknown" }
    let first = String(cString: text).split(separator: " ").first ?? ""
    return first.hasPrefix("libcurl/") ? String(first.dropFirst("libcurl/".count)) : String(first)
  }

  public static var sqlite: String { String(cString: sqlite3_libversion()) }

  /// The `--version` line: `archive-build 1.0.0 (commit 03a0d3b)`.
  public static func line(_ tool: String) -> String { "\(tool) \(version) (commit \(commit))" }

  /// The versions every report carries.
  public static var record: Versions {
    Versions(
      shelfmark: version, commit: commit, swift: swift, libxml2: HTMLDocument.libxmlVersion, sqlite: sqlite,
      libcurl: libcurl)
  }

  public struct Versions: Codable, Sendable, Equatable {
    public var shelfmark: String
    public var commit: String
    public var swift: String
    public var libxml2: String
    public var sqlite: String
    public var libcurl: String
  }
}
