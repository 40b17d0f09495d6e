import CatalogKit
import Foundation

/// What one `*-build` executable is, declared once in its `Source`: the catalogues it writes (its
/// `CatalogueSource`, which holds the source's one id), one-sentence abstract, hosts, politeness
/// defaults and its own options. Help, parsing, `--version` and `catalog build` all read this one value.
public struct BuildTool: Sendable {
  /// The files, freshness rules, bounds and numbering of the source's catalogues.
  public var catalogue: CatalogueSource
  public var abstract: String
  /// The only hosts the fetcher may contact.
  public var hosts: [String]
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
  /// The option that narrows a run to one of `files` (`--magazine`, `--group`), so `--output` may
  /// name the one file; nil when nothing does.
  public var fileSelector: String?
  /// The runs a full build of this source needs: one with no arguments, unless the tool writes one
  /// group per run (spectrum-build `--build magazines`, …).
  public var fullRuns: [FullRun]
  /// What `--only` takes for this source (`series keys, e.g. SK,RA`), declared once for the tool's
  /// help and `catalog build`'s.
  public var onlyKeys: String
  /// What a size probe's answer must look like to count as a file's size (`SizeRule`): an error
  /// page's type or length is never taken for one.
  public var sizeRule: SizeRule
  /// The flag that turns the size probes off (`--no-probe`), for the tools that probe; its help is
  /// the tool's, since what a skipped probe costs differs by source.
  public var noProbe: Option<Bool>?
  /// Which page gives which field, for the lineage every build writes (none: the tool writes none).
  public var lineage: LineagePlan?

  /// One invocation of a full build: its extra arguments and the files it writes.
  public struct FullRun: Sendable, Equatable {
    public var arguments: [String]
    public var files: [String]
    public var label: String
    public init(arguments: [String], files: [String], label: String) {
      self.arguments = arguments
      self.files = files
      self.label = label
    }
  }

  public init(
    catalogue: CatalogueSource, abstract: String, hosts: [String], defaultDelayMS: Int = BuildDefaults.pageDelayMS,
    defaultProbeDelayMS: Int? = nil,
    defaultJobs: Int = BuildDefaults.jobs, maxJobs: Int = BuildDefaults.maxJobs,
    userAgent: String = BuildDefaults.userAgent,
    options: [any OptionDeclaring] = [], noProbe: Option<Bool>? = nil, discussion: String? = nil,
    fileSelector: String? = nil, fullRuns: [FullRun]? = nil, onlyKeys: String = "comma-separated keys",
    sizeRule: SizeRule = .files, lineage: LineagePlan? = nil
  ) {
    self.catalogue = catalogue
    self.lineage = lineage
    self.sizeRule = sizeRule
    self.noProbe = noProbe
    self.abstract = abstract
    self.hosts = hosts
    self.defaultDelayMS = defaultDelayMS
    self.defaultProbeDelayMS = defaultProbeDelayMS
    self.defaultJobs = defaultJobs
    self.maxJobs = maxJobs
    self.userAgent = userAgent
    self.options = options.map(\.declaration)
    self.discussion = discussion
    self.fileSelector = fileSelector
    self.onlyKeys = onlyKeys
    self.fullRuns =
      fullRuns ?? [FullRun(arguments: [], files: catalogue.files.map(\.file), label: catalogue.id)]
  }

  /// The source's one id (`retrospec`): the word `catalog build` knows it by.
  public var id: String { catalogue.id }
  /// The executable: `<id>-build`.
  public var name: String { id + "-build" }
  /// The default cache folder's name (`.<id>-cache`).
  public var cacheName: String { ".\(id)-cache" }
  /// Every catalogue file a full run writes (`catalog build` checks them; `--output` needs one).
  public var files: [String] { catalogue.files.map(\.file) }
}

/// What an option's value is, and so how it is checked when the command line is read.
public enum OptionKind: Sendable, Equatable {
  /// No value.
  case flag
  /// A flag that may also be given one of these words inline (`--refresh=all`).
  case flagOr([String])
  /// A whole number within the range.
  case integer(ClosedRange<Int>)
  /// A finite share from 0 to 1.
  case share
  /// Printable text: no control characters (a User-Agent with CR/LF would inject a header).
  case text
  /// A real calendar date, `yyyy-mm-dd`.
  case date
  /// A length of time (`90s`, `30m`, `5h`, `2d`), in seconds within the range.
  case duration(ClosedRange<Int>)
  /// One word of a fixed set.
  case choice([String])
  /// Comma-separated values; the option may be given more than once.
  case list
  /// `from-to`, both within the range, from not after to.
  case span(ClosedRange<Int>)
  /// A file or folder.
  case path
  /// An `http` or `https` URL with a host (`--mirror`).
  case webAddress
  /// A percentage from 0 to 100, the `%` optional (`catalog diff --max-removed 5%`).
  case percentage
}

/// An option one tool adds to the shared contract, declared once: spelling, value, kind and range,
/// default and help.
public struct ToolOption: Sendable {
  public var name: String
  /// The value's placeholder in help (`<n>`); nil makes a flag.
  public var value: String?
  public var help: String
  /// The default as help shows it; when it reads as a value of `kind`, it is also the value used.
  public var defaultValue: String?
  /// May be given more than once (values accumulate); a value may also be comma-separated.
  public var repeatable: Bool
  public var kind: OptionKind
  /// Options in the same group exclude each other (spectrum-build's modes).
  public var exclusiveGroup: String?

  public init(
    _ name: String, value: String? = nil, help: String, default defaultValue: String? = nil, repeatable: Bool = false,
    kind: OptionKind? = nil, exclusiveGroup: String? = nil
  ) {
    self.name = name
    self.value = value
    self.help = help
    self.defaultValue = defaultValue
    self.repeatable = repeatable
    self.kind = kind ?? (value == nil ? .flag : repeatable ? .list : .text)
    self.exclusiveGroup = exclusiveGroup
  }

  /// A whole-number option whose default (when it has a number for one) is that number.
  public static func integer(
    _ name: String, value: String = "<n>", _ range: ClosedRange<Int>, help: String, default d: Int? = nil,
    defaultText: String? = nil
  ) -> ToolOption {
    ToolOption(name, value: value, help: help, default: defaultText ?? d.map(String.init), kind: .integer(range))
  }
}
