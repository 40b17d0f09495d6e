import BuildSupport
import CatalogKit
import Foundation

// Wiring only: pick the mode, then hand over to the build runner (a catalogue) or its report mode.
let arguments = Array(CommandLine.arguments.dropFirst())
let wantsHelp = arguments.contains("--help") || arguments.contains("-h")

if !wantsHelp && arguments.contains(where: { $0 == "--expand" || $0.hasPrefix("--expand=") }) {
  exit(ExpandMode.run(arguments).rawValue)
}
if !wantsHelp, arguments.contains("--probe") {
  BuildRunner.mainReport(SpectrumTool.tool) { try await ProbeReport.run($0) }
}
if !wantsHelp, arguments.contains("--plan") {
  BuildRunner.mainReport(SpectrumTool.tool) { try await PlanReport.run($0) }
}
if !wantsHelp, arguments.contains("--validate") {
  BuildRunner.mainReport(SpectrumTool.tool) { try await ValidateReport.run($0) }
}
BuildRunner.main(SpectrumTool.tool) { try await GroupBuild.run($0) }
