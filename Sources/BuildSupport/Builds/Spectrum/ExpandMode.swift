import CatalogKit
import Foundation

/// `--expand MASK`: prints a mask's expansion for the fields given, so people can debug a mask.
enum ExpandMode {
  /// Prints the expansion; a mask that does not expand stops with exit 65. The fields were checked
  /// against their ranges when the command line was read.
  static func run(_ ctx: BuildContext) throws {
    let out = Out(printer: ctx.printer)
    let o = ctx.options
    guard let text = o[SpectrumTool.expand] else { throw UsageError("--expand needs a mask.", tool: ctx.tool.name) }
    let fields = SpectrumMaskFields(
      number: o[SpectrumTool.number], volume: o[SpectrumTool.volume], year: o[SpectrumTool.year],
      month: o[SpectrumTool.month], day: o[SpectrumTool.day], special: o[SpectrumTool.special],
      supplement: o[SpectrumTool.supplement])
    let expanded: String
    do { expanded = try SpectrumMask(text).expand(fields) } catch { throw SpectrumFailure.mask(error) }
    out.line(expanded)
    if let l = try? SpectrumArchiveLocation.split(expanded) {
      ctx.printer.plain("identifier \(l.identifier)\nfile       \(l.file)")
    } else {
      ctx.printer.plain("note: this is not an archive.org …/download/<identifier>/<file> URL")
    }
  }
}
