/// One comic as the crawl read it, before the fields the reader page does not carry are added.
///
/// The reader page shows the title, the page count and the page images. Run membership shows only
/// when the heading reads `"<Run> <n>: <Episode>"`. Cover, creators, date and lead are not on the
/// reader page at all; they are taken from the previous catalogue's entry for the same id when one
/// is given, and otherwise left empty, so validation names the comic instead of a guess being
/// shipped.
public struct StripoviComicDraft: Sendable, Equatable {
  public var id: Int
  public var heading: String
  public var pages: Int
  /// Page → image path as the reader page named it (page 1, and the fitting samples).
  public var samples: [Int: String]
  public var rule: StripoviPageRule?

  public init(id: Int, heading: String, pages: Int, samples: [Int: String]) {
    self.id = id
    self.heading = heading
    self.pages = pages
    self.samples = samples
    self.rule = StripoviPageRule.fit(samples: samples, pages: pages)
  }

  /// The catalogue row: what the page shows wins; `previous` fills only what it cannot show.
  /// Nil when no page-address rule fits (the caller warns).
  public func comic(previous: Comic?) -> Comic? {
    guard let rule else { return nil }
    let shown = StripoviReaderPage(heading: heading).runEpisode
    var title = shown?.title ?? heading
    var series = shown?.run
    var number = shown?.number ?? 1
    if shown == nil, let p = previous,
      p.title == heading || p.series.map({ heading == "\($0) \(p.number): \(p.title)" }) == true
    {
      title = p.title
      series = p.series
      number = p.number
    }
    return Comic(
      id: id, title: title, series: series, number: number, pages: pages, cover: previous?.cover ?? "",
      creators: previous?.creators ?? "", date: previous?.date ?? "", lead: previous?.lead, dir: rule.dir,
      prefix: rule.prefix, width: rule.width, ext: rule.ext)
  }
}
