import CatalogKit
import Foundation

/// What one `*-build` executable is: its name, one-sentence abstract, hosts, politeness defaults and
/// any options beyond the shared contract.
public struct BuildTool: Sendable {
  public var name: String
  public var abstract: String
  /// Short source name: the default cache is `.<source>-cache/`.
  public var source: String
  /// The only hosts the fetcher may contact.
  public var hosts: [String]
  /// How this source's pages are decoded (shown in help; parsers apply it).
  public var charset: CharsetPolicy
  public var defaultDelayMS: Int
  /// The pause between HEAD probes, when the source probes at another pace than it reads pages.
  public var defaultProbeDelayMS: Int?
  public var defaultJobs: Int
  /// The most requests in flight this source's hosts tolerate (archive.org: five).
  public var maxJobs: Int
  /// A User-Agent other than ours, with the reason (e.g. a CDN that blocks non-browsers).
  public var userAgent: String
  public var options: [ToolOption]
  /// Lines of extra help text shown under DISCUSSION.
  public var discussion: String?

  public init(
    name: String, abstract: String, source: String, hosts: [String],
    charset: CharsetPolicy = .declaredElse(.latin1), defaultDelayMS: Int = BuildDefaults.pageDelayMS,
    defaultProbeDelayMS: Int? = nil,
    defaultJobs: Int = BuildDefaults.jobs, maxJobs: Int = BuildDefaults.maxJobs,
    userAgent: String = BuildDefaults.userAgent,
    options: [ToolOption] = [], discussion: String? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.source = source
    self.hosts = hosts
    self.charset = charset
    self.defaultDelayMS = defaultDelayMS
    self.defaultProbeDelayMS = defaultProbeDelayMS
    self.defaultJobs = defaultJobs
    self.maxJobs = maxJobs
    self.userAgent = userAgent
    self.options = options
    self.discussion = discussion
  }
}

/// An option one tool adds to the shared contract. `value == nil` makes it a flag.
public struct ToolOption: Sendable {
  public var name: String
  public var value: String?
  public var help: String
  public var defaultValue: String?
  /// May be given more than once (values accumulate); a value may also be comma-separated.
  public var repeatable: Bool

  public init(
    _ name: String, value: String? = nil, help: String, default defaultValue: String? = nil, repeatable: Bool = false
  ) {
    self.name = name
    self.value = value
    self.help = help
    self.defaultValue = defaultValue
    self.repeatable = repeatable
  }
}
