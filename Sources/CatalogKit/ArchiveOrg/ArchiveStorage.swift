import Foundation

/// The storage node that holds an item's files today (`server` and `dir` of a metadata answer).
///
/// `https://archive.org/download/<id>/<file>` answers with a redirect to this node, and a fetcher that
/// refuses redirects to other hosts cannot follow it. Reading the node from the (cached) metadata gives
/// the same file by a URL that replays offline. Catalogues never store it: node names change.
public struct ArchiveStorage: Sendable, Equatable, Hashable {
  /// e.g. `ia802905.us.archive.org`; always a host under `archive.org`.
  public var server: String
  /// e.g. `/21/items/collapse00jare`.
  public var dir: String

  /// Nil unless both are present, the server is a host under `archive.org` and the dir is an absolute
  /// path without `..`: an odd answer must not send us to another site.
  public init?(server: String?, dir: String?) {
    guard let server = server?.lowercased(), let dir, server.hasSuffix(".archive.org"),
      server.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }), dir.hasPrefix("/"),
      !dir.split(separator: "/").contains("..")
    else { return nil }
    self.server = server
    self.dir = dir.hasSuffix("/") ? String(dir.dropLast()) : dir
  }

  /// The direct URL of one of the item's files; each path component of the name is encoded.
  public func url(of name: String) -> URL? {
    let path = name.split(separator: "/", omittingEmptySubsequences: false).map { ArchivePath.encode(String($0)) }
    return URL(string: "https://\(server)\(dir)/" + path.joined(separator: "/"))
  }
}
