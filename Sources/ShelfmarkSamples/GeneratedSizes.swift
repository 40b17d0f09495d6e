import SiteMirrorKit

/// The HEAD answer every generated site gives for its files: the file's simulated size
/// (`GeneratedRetroSpec.size(ofPath:)`, a function of the path alone, so every run and rerun
/// agrees) with the type its extension names. One rule for the tests and benchmarks that serve
/// generated sites.
public enum GeneratedSizes {
  /// Content types by the file extensions the generated sites link.
  static let types = [".zip": "application/zip", ".pdf": "application/pdf"]

  /// The answer to a HEAD for a file whose name ends in one of `extensions`; nil otherwise, so the
  /// mirror falls through to its files.
  public static func answer(_ req: MirrorRequest, for extensions: Set<String>) -> MirrorResponse? {
    guard req.method == "HEAD", let ext = extensions.first(where: { req.path.hasSuffix($0) }), let type = types[ext]
    else { return nil }
    return MirrorResponse(
      status: 200, headers: ["Content-Type": type], contentLength: GeneratedRetroSpec.size(ofPath: req.path))
  }
}
