import BuildSupport
import CatalogKit
import Foundation

/// `--expand MASK`: prints a mask's expansion for the fields given, so people can debug a mask.
enum ExpandMode {
  /// Prints the expansion (exit 0) or the error (exit 65); usage errors exit 64.
  static func run(_ arguments: [String]) -> ExitCode {
    let tool = SpectrumTool.tool
    do {
      let o = try BuildOptions.parse(arguments, tool: tool)
      guard let text = o.value("--expand") else { throw UsageError("--expand needs a mask.", tool: tool.name) }
      func number(_ name: String) throws -> Int? {
        guard let v = o.value(name) else { return nil }
        guard let n = Int(v) else { throw UsageError("\(name) takes a whole number, not '\(v)'.", tool: tool.name) }
        return n
      }
      let fields = MaskFields(
        number: try number("--number"), volume: try number("--volume"), year: try number("--year"),
        month: try number("--month"), day: try number("--day"), special: o.value("--special"),
        supplement: o.value("--supplement"))
      let expanded: String
      do { expanded = try Mask(text).expand(fields) } catch {
        Diagnostics.error(SpectrumFailure.mask(error).description)
        return .invalid
      }
      Out.line(expanded)
      if let l = try? ArchiveLocation.split(expanded) {
        Diagnostics.plain("identifier \(l.identifier)\nfile       \(l.file)")
      } else {
        Diagnostics.plain("note: this is not an archive.org …/download/<identifier>/<file> URL")
      }
      return .ok
    } catch {
      Diagnostics.error("\(error)")
      Diagnostics.plain(
        "USAGE: \(tool.name) --expand <mask> [--number <n>] [--volume <n>] [--year <n>] [--month <n>] [--day <n>] [--special <text>] [--supplement <text>]\nSee '\(tool.name) --help'."
      )
      return .usage
    }
  }
}
