import BuildSupport
import CatalogKit
import Foundation

// Wiring only: pick the mode, then hand over to the build runner or the report runner.
let arguments = Array(CommandLine.arguments.dropFirst())
let wantsHelp = arguments.contains("--help") || arguments.contains("-h")

if !wantsHelp && arguments.contains(where: { $0 == "--expand" || $0.hasPrefix("--expand=") }) {
  exit(ExpandMode.run(arguments).rawValue)
}
if !wantsHelp, arguments.contains("--probe") {
  ReportRunner.main(arguments) { try await ProbeReport.run($0) }
}
if !wantsHelp, arguments.contains("--plan") {
  ReportRunner.main(arguments) { try await PlanReport.run($0) }
}
if !wantsHelp, arguments.contains("--validate") {
  ReportRunner.main(arguments) { try await ValidateReport.run($0) }
}
BuildRunner.main(SpectrumTool.tool) { try await GroupBuild.run($0) }
