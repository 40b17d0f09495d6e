import BuildSupport
import CatalogKit
import Foundation

/// Runs the modes that print a report and write no catalogue (`--probe`, `--plan`, `--validate`):
/// the same options, cache and fetcher as a build, but no validation or writing step.
enum ReportRunner {
  static func main(_ arguments: [String], _ body: @escaping @Sendable (BuildContext) async throws -> Void) -> Never {
    Task {
      let code = await run(arguments, body)
      exit(code.rawValue)
    }
    dispatchMain()
  }

  static func run(_ arguments: [String], _ body: @Sendable (BuildContext) async throws -> Void) async -> ExitCode {
    let tool = SpectrumTool.tool
    let options: BuildOptions
    do {
      options = try BuildOptions.parse(arguments, tool: tool)
      try SpectrumTool.checkJobs(options)
    } catch {
      Diagnostics.error("\(error)")
      Diagnostics.plain("USAGE: \(tool.name) [<options>]\nSee '\(tool.name) --help'.")
      return .usage
    }
    var config = FetcherConfiguration(cacheRoot: options.cacheDirectory, allowedHosts: Set(tool.hosts))
    config.noNetwork = options.noNetwork
    config.refresh = options.refresh
    config.mirror = options.mirror
    config.jobs = options.jobs
    config.delayMS = options.delayMS
    config.userAgent = options.userAgent
    config.respectRobots = !options.ignoreRobots
    let fetcher = Fetcher(config)
    let context = BuildContext(
      tool: tool, options: options, fetcher: fetcher, progress: Progress(quiet: options.quiet))
    var code = ExitCode.ok
    do {
      try await body(context)
    } catch {
      let text: String
      (code, text) = classify(error, fetcher: fetcher)
      Diagnostics.error(text)
    }
    let c = fetcher.counters.snapshot
    Diagnostics.plain(
      "requests \(c[Counter.requests.rawValue] ?? 0)  cache hits \(c[Counter.hit.rawValue] ?? 0)  stored \(c[Counter.stored.rawValue] ?? 0)"
    )
    return code
  }

  static func classify(_ error: Error, fetcher: Fetcher) -> (ExitCode, String) {
    switch error {
    case let e as FetchError:
      if case .notCachedMany = e {
        return (e.exitCode, e.description)
      }
      return (e.exitCode, e.description)
    case let e as BuildFailure: return (e.exitCode, e.description)
    case let e as UsageError: return (.usage, e.description)
    case let e as IOFailure: return (.io, e.description)
    case let e as CustomStringConvertible: return (.invalid, e.description)
    default: return (.invalid, "\(error)")
    }
  }
}
