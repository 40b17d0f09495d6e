import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkSamples
import SiteMirrorKit
import Synchronization

/// `bench weekly`: half a year of weekly `--refresh` runs over each generated site, with a listing
/// change, a detail-only change and a size-only change every week, at the polite defaults'
/// accounting: the builds run with `--delay 0` (nothing sleeps), the requests are counted at the
/// mirror, and hours are the requests times the tool's declared start interval per host (`--jobs`
/// lets requests overlap, never start faster). Time passes through SOURCE_DATE_EPOCH, which is
/// the refresh clock. Prints requests and hours per week, the share of the cold crawl, and how many
/// weeks each change took to reach the catalogue; the goals (issue 21, item 4) are printed beside
/// the figures with "met" or "NOT MET".
enum WeeklyBench {
  static let weeks = 26
  /// Monday 2027-01-04 06:00 UTC, the cold crawl; week n runs n × 7 days later.
  static let start: Int64 = 1_799_042_400
  static let weekSeconds: Int64 = 604_800
  /// The goals: a week's requests at most this share of the cold crawl's, on average.
  static let shareGoal = 0.05
  /// BombJack's average week at most this long.
  static let bombJackMinutesGoal = 20.0

  static func run() async throws {
    // SHELFMARK_BENCH_SCALE=4 divides the BombJack site by 4, for a quick look at a debug build.
    let scale = max(1, Int(ProcessInfo.processInfo.environment["SHELFMARK_BENCH_SCALE"] ?? "") ?? 1)
    var rows: [Summary] = []
    let sites: [any WeeklySite] = [
      RetroSpecWeeks(), AtarimaniaWeeks(), VintageAppleWeeks(),
      BombJackWeeks(pages: BombJackBench.pageCount / scale, files: BombJackBench.fileCount / scale),
    ]
    for site in sites where BenchSelection.wanted(site.source) {
      rows.append(try Simulation(site).run())
    }
    print("\nweekly column for the README's table of sources (average of weeks 1–\(weeks)):")
    for r in rows { print("  \(r.source): \(r.column)") }
  }

  enum Kind: String, CaseIterable {
    case listing = "listing"
    case detail = "detail-only"
    case size = "size-only"
  }

  /// One change made to a site before a week's build, and the week its catalogue first showed it.
  struct Change {
    var kind: Kind
    var week: Int
    /// Text the catalogues hold once the change is seen (and not before).
    var marker: String
    /// The copy that carries the change, for the horizon check of a change not yet seen.
    var method: HTTPMethod
    var url: URL?
    var shown: Int? = nil
  }

  /// What one week's build cost.
  struct Week {
    var gets = 0
    var heads = 0
    var sampled = 0
    var sampleChanged = 0
    var requests: Int { gets + heads }
  }

  /// One source's line for the README.
  struct Summary {
    var source: String
    var column: String
  }

  /// HEAD sizes changed by the simulation, by `host/path`; the mirror's route answers them.
  final class SizeTable: Sendable {
    private let sizes = Mutex<[String: Int]>([:])
    subscript(_ target: String) -> Int? { sizes.withLock { $0[target] } }
    func set(_ target: String, _ size: Int) { sizes.withLock { $0[target] = size } }
  }

  /// One source's half year: the site behind a mirror, its cache, and the figures of every week.
  final class Simulation {
    let site: any WeeklySite
    let dir: URL
    let server: SiteMirror
    let table = SizeTable()
    var changes: [Change] = []

    init(_ site: any WeeklySite) throws {
      self.site = site
      dir = FileManager.default.temporaryDirectory.appendingPathComponent(
        "weekly-bench-\(site.source)-\(UUID().uuidString.prefix(8))")
      try FileManager.default.createDirectory(at: dir.appendingPathComponent("site"), withIntermediateDirectories: true)
      server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 7200)
      let base = site.sizes
      let table = self.table
      server.route { req in
        guard var r = base(req) else { return nil }
        if req.method == "HEAD", r.status == 200, let n = table[req.target] { r.contentLength = n }
        return r
      }
      try server.start()
    }

    deinit {
      server.stop()
      BenchSelection.discard(dir)
    }

    var root: URL { dir.appendingPathComponent("site") }
    var cache: URL { dir.appendingPathComponent("cache") }

    func moment(_ week: Int) -> Int64 { WeeklyBench.start + Int64(week) * WeeklyBench.weekSeconds }

    /// One `--refresh` build dated `week` weeks after the cold crawl.
    func build(week: Int) throws -> Week {
      server.clearLog()
      let tool = site.tool
      let report = dir.appendingPathComponent("report.json")
      let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent(tool.name)
      guard FileManager.default.isExecutableFile(atPath: executable.path) else {
        throw BenchFailure(
          "\(executable.path) is missing; build it in the same configuration first (swift build -c release)")
      }
      let r = try ChildProcess.run(
        executable,
        [
          "--mirror", server.baseURL, "--cache", cache.path, "--out", dir.appendingPathComponent("out").path,
          "--delay", "0", "--probe-delay", "0", "--refresh", "--allow-shrink", "--quiet", "--report", report.path,
        ] + site.arguments,
        environment: ["SOURCE_DATE_EPOCH": String(moment(week)), "no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1"],
        stdout: .discard)
      guard r.status == 0 else {
        throw BenchFailure("\(tool.name) exited \(r.status) in week \(week): \(r.stderrText.suffix(2000))")
      }
      var w = Week()
      for q in server.requests {
        if q.method == "HEAD" { w.heads += 1 } else { w.gets += 1 }
      }
      if let data = FileManager.default.contents(atPath: report.path),
        let o = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
        let counters = o["counters"] as? [String: Int]
      {
        w.sampled = counters[Counter.refreshSampled.rawValue] ?? 0
        w.sampleChanged = counters[Counter.refreshSampleChanged.rawValue] ?? 0
      }
      return w
    }

    /// Every catalogue the build wrote, as one text.
    func catalogues() -> String {
      let out = dir.appendingPathComponent("out")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
      return names.sorted().filter { $0.hasSuffix(".json") }.compactMap {
        FileManager.default.contents(atPath: out.appendingPathComponent($0).path).map {
          String(decoding: $0, as: UTF8.self)
        }
      }.joined(separator: "\n")
    }

    func hours(_ w: Week) -> Double {
      let tool = site.tool
      let page = Double(tool.defaultDelayMS) / 1000
      let probe = Double(tool.defaultProbeDelayMS ?? tool.defaultDelayMS) / 1000
      return (Double(w.gets) * page + Double(w.heads) * probe) / 3600
    }

    func run() throws -> Summary {
      let name = site.source
      try site.publish(into: root, week: 0)
      let cold = try build(week: 0)
      // The files whose sizes the simulation changes: ones the cold crawl sized.
      let sized = server.requests.filter { $0.method == "HEAD" && $0.status == 200 }.map(\.target)
      let heads = Array(Set(sized)).sorted()
      guard !heads.isEmpty else { throw BenchFailure("\(name): the cold crawl sized no file") }
      print(
        "\(name): cold crawl \(Plural.count(cold.requests, "request", number: Text.number)) (\(cold.gets) GET, \(cold.heads) HEAD), "
          + "\(Text.duration(hours(cold))) at the declared pace")
      var weekly: [Week] = []
      for week in 1...WeeklyBench.weeks {
        var made = try site.change(week: week, root: root)
        let n = (week * 41) % heads.count
        let size = 20_000_000 + week
        table.set(heads[n], size)
        made.append(
          Change(
            kind: .size, week: week, marker: "\"bytes\" : \(size)", method: .head,
            url: URL(string: "https://" + heads[n])))
        changes += made
        let w = try build(week: week)
        weekly.append(w)
        let text = catalogues()
        for i in changes.indices where changes[i].shown == nil && text.contains(changes[i].marker) {
          changes[i].shown = week
        }
        print(
          String(
            format:
              "  week %2d: %6@ requests (%@ GET, %@ HEAD), %@, %5.2f%% of the cold crawl; sampled %d (%d changed)",
            week, Text.number(w.requests), Text.number(w.gets), Text.number(w.heads), Text.duration(hours(w)),
            100 * Double(w.requests) / Double(max(1, cold.requests)), w.sampled, w.sampleChanged))
      }
      return summarise(cold: cold, weekly: weekly)
    }

    func summarise(cold: Week, weekly: [Week]) -> Summary {
      let name = site.source
      let n = Double(weekly.count)
      let requests = Double(weekly.map(\.requests).reduce(0, +)) / n
      let hoursPerWeek = weekly.map(hours).reduce(0, +) / n
      let share = requests / Double(max(1, cold.requests))
      let worst = weekly.map(\.requests).max() ?? 0
      let worstHours = weekly.map(hours).max() ?? 0
      func verdict(_ ok: Bool) -> String { ok ? "met" : "NOT MET" }
      print(
        String(
          format:
            "  average week: %@ requests, %@ (%.2f%% of the cold crawl's requests, %.2f%% of its hours); worst week %@ requests, %@ [goal: <= %.0f%%] %@",
          Text.number(Int(requests.rounded())), Text.duration(hoursPerWeek), 100 * share,
          100 * hoursPerWeek / max(1e-9, hours(cold)), Text.number(worst), Text.duration(worstHours), 100 * shareGoal,
          verdict(share <= shareGoal)))
      if name == "bombjack" {
        let minutes = hoursPerWeek * 60
        print(
          String(
            format: "  bombjack: %.1f minutes a week on average, worst week %.1f [goal: < %.0f minutes] %@", minutes,
            worstHours * 60, bombJackMinutesGoal, verdict(minutes < bombJackMinutesGoal)))
      }
      let sampled = weekly.map(\.sampled).reduce(0, +)
      let sampleChanged = weekly.map(\.sampleChanged).reduce(0, +)
      print(
        "  sample: \(Plural.count(sampled, "copy", "copies")) not yet due asked over \(WeeklyBench.weeks) weeks; "
          + "\(sampleChanged) had changed behind an unchanged listing")
      let policy = FreshnessPolicy(
        rules: Sources.catalogues.source(id: name)?.freshness ?? FreshnessRules([]), mode: .policy,
        maxAgeDays: BuildDefaults.maxAgeDays,
        now: Date(timeIntervalSince1970: TimeInterval(moment(WeeklyBench.weeks))), log: RevisitLog(root: cache))
      for kind in Kind.allCases {
        let of = changes.filter { $0.kind == kind }
        guard !of.isEmpty else {
          print(
            "  \(kind.rawValue) changes: none (\(name) has no \(kind == .detail ? "detail pages" : "such answers"))")
          continue
        }
        let delays = of.compactMap { c in c.shown.map { $0 - c.week } }.sorted()
        let unseen = of.filter { $0.shown == nil }
        var line =
          "  \(kind.rawValue) changes: \(delays.count) of \(of.count) seen"
          + (delays.isEmpty
            ? "" : ", after \(delays.first ?? 0)–\(delays.last ?? 0) weeks (median \(delays[delays.count / 2]))")
        if kind == .listing {
          let same = delays.filter { $0 == 0 }.count
          line += " [goal: every one the same week] \(verdict(same == of.count))"
        } else {
          // A change not seen yet must be due within its horizon of the week it was made.
          var late = 0
          var horizonWeeks = 0
          var lastDue = 0
          for c in of {
            guard let url = c.url, let target = ChangedRows.target(of: url) else { continue }
            let rules = policy.rules
            let kindOf = rules.kind(method: c.method.rawValue, target: target)
            let h = rules.schedule(kind: kindOf, target: target)?.horizon(maxAgeDays: BuildDefaults.maxAgeDays) ?? 0
            horizonWeeks = max(horizonWeeks, (h + 6) / 7)
            if let shown = c.shown {
              if Double(shown - c.week) * 7 > Double(h) + 7 { late += 1 }
            } else if let due = policy.nextCheck(method: c.method, url: url) {
              let limit = Double(moment(c.week)) + Double(h) * 86_400 + 7 * 86_400
              if due.timeIntervalSince1970 > limit { late += 1 }
              // The first weekly run at or after the moment it comes due.
              let after = (due.timeIntervalSince1970 - Double(WeeklyBench.start)) / Double(WeeklyBench.weekSeconds)
              lastDue = max(lastDue, Int(after.rounded(.up)))
            } else {
              late += 1
            }
          }
          if !unseen.isEmpty {
            line += "; \(unseen.count) not yet (the revisit log has them due by week \(lastDue))"
          }
          line +=
            " [goal: within the horizon, \(horizonWeeks) weeks] "
            + (kind == .detail ? verdict(late == 0) : (late == 0 ? "within it" : "\(late) LATE"))
        }
        print(line)
      }
      let column = String(
        format: "%@ requests, %@ a week (%.1f%% of a cold crawl)", "≈" + Text.number(Int(requests.rounded())),
        Text.duration(hoursPerWeek), 100 * share)
      return Summary(source: name, column: column)
    }
  }

  /// Numbers and durations as the summary prints them.
  enum Text {
    static func number(_ n: Int) -> String {
      let s = String(n)
      var out = ""
      for (i, c) in s.enumerated() {
        if i > 0, (s.count - i) % 3 == 0, c.isNumber { out += "," }
        out.append(c)
      }
      return out
    }

    static func duration(_ hours: Double) -> String {
      let seconds = hours * 3600
      if seconds < 90 { return String(format: "%.0f s", seconds) }
      if seconds < 5400 { return String(format: "%.1f min", seconds / 60) }
      return String(format: "%.1f h", hours)
    }
  }
}

/// A generated site that changes week by week.
protocol WeeklySite: AnyObject {
  /// The tool's source name (`retrospec`).
  var source: String { get }
  var tool: BuildTool { get }
  /// The tool's own arguments for a generated site (lower thresholds, more jobs on loopback).
  var arguments: [String] { get }
  /// The answers to HEAD size probes (nil: the mirror's folder answers).
  var sizes: @Sendable (MirrorRequest) -> MirrorResponse? { get }
  /// Writes the site as it is in `week` (0: the cold crawl's).
  func publish(into root: URL, week: Int) throws
  /// Makes week `week`'s listing and detail-only changes and says what they are.
  func change(week: Int, root: URL) throws -> [WeeklyBench.Change]
}

/// The letter of a week (A for week 1), for markers that read as words.
private func letter(_ week: Int) -> String {
  String(UnicodeScalar(UInt8(64 + (week - 1) % 26 + 1)))
}

final class RetroSpecWeeks: WeeklySite {
  let source = "retrospec"
  let tool = RetroSpecTool.tool
  let arguments = ["--min-issues", "1"]
  /// About the real site's size: 11 series of 60 issues and 15 books.
  var site = GeneratedRetroSpec(issuesPerSeries: 60)
  let sizes: @Sendable (MirrorRequest) -> MirrorResponse? = { GeneratedSizes.answer($0, for: [".zip"]) }

  func publish(into root: URL, week: Int) throws { try site.write(into: root) }

  func change(week: Int, root: URL) throws -> [WeeklyBench.Change] {
    let keys = GeneratedRetroSpec.seriesKeys
    // A new issue on one series' index page (a listing change) …
    let key = keys[week % keys.count]
    site.added[key, default: 0] += 1
    let id = GeneratedRetroSpec.id(series: key, number: site.issuesPerSeries + (site.added[key] ?? 1) - 1)
    // … and another series' issue renamed on its magshow page only.
    let other = GeneratedRetroSpec.id(series: keys[(week + 3) % keys.count], number: 10 + week)
    let word = "Izmena" + letter(week)
    site.monthWords[other] = word
    try publish(into: root, week: week)
    let magshow = "https://\(GeneratedRetroSpec.host)/users/tomcat/yu/magshow.php?all="
    return [
      .init(kind: .listing, week: week, marker: "\"id\" : \"\(id)\"", method: .get, url: URL(string: magshow + id)),
      .init(
        kind: .detail, week: week, marker: "\"title\" : \"\(word) ", method: .get, url: URL(string: magshow + other)),
    ]
  }
}

final class AtarimaniaWeeks: WeeklySite {
  let source = "atarimania"
  let tool = AtarimaniaTool.tool
  let arguments = ["--min-issues", "0", "--jobs", "4"]
  /// About the real shelf: some 300 titles, 6,000 issues.
  var site = GeneratedAtarimania(titles: 300, issuesPerTitle: 20)
  let sizes = RefreshBench.pdfSizes

  func publish(into root: URL, week: Int) throws { try site.write(into: root) }

  func change(week: Int, root: URL) throws -> [WeeklyBench.Change] {
    let t = (week * 7) % site.titles
    site.added[t, default: 0] += 1
    let n = site.issuesPerTitle + (site.added[t] ?? 1)
    try publish(into: root, week: week)
    return [.init(kind: .listing, week: week, marker: "title-\(1000 + t)-\(n).pdf", method: .get, url: nil)]
  }
}

final class VintageAppleWeeks: WeeklySite {
  let source = "vintageapple"
  let tool = VintageAppleTool.tool
  let arguments = ["--min-magazines", "1", "--min-books", "1", "--jobs", "4"]
  var site = GeneratedVintageApple(slugs: VintageAppleSection.all.map(\.slug), rowsPerSection: 150)
  let sizes = RefreshBench.pdfSizes

  func publish(into root: URL, week: Int) throws { try site.write(into: root) }

  func change(week: Int, root: URL) throws -> [WeeklyBench.Change] {
    let s = week % site.slugs.count
    site.added[s, default: 0] += 1
    let n = site.rowsPerSection + (site.added[s] ?? 1) - 1
    let stem = "\(site.slugs[s])_\(1980 + n / 12)\(String(format: "%02d", n % 12 + 1))_Issue_\(n + 1)"
    try publish(into: root, week: week)
    return [.init(kind: .listing, week: week, marker: "pdf/\(stem).pdf", method: .get, url: nil)]
  }
}

/// The bench's 20,000-page BombJack site; a listing change is a new issue announced on the year's
/// "what's new" page (as the site announces its additions), a detail-only change a cell renamed on
/// a page that nothing announces.
final class BombJackWeeks: WeeklySite {
  let source = "bombjack"
  let tool = BombJackTool.tool
  let arguments = ["--ignore-robots", "--min-share", "0", "--min-issues", "0", "--jobs", "8"]
  let pages: Int
  let files: Int
  static let changelog = "archive/index-archive-2027.htm"
  var announcements = ["<p>2027-01-01: a happy new year.</p>"]
  var magazinePages: [String] = []
  let sizes: @Sendable (MirrorRequest) -> MirrorResponse? = { req in
    guard req.method == "HEAD", req.path.hasSuffix(".zip") else { return nil }
    let n = GeneratedSite.fileNumber(req.path)
    if n % 10 == 7 { return MirrorResponse(status: 404) }
    return MirrorResponse(status: 200, headers: ["Content-Type": "application/zip"], contentLength: 1_000_000 + n)
  }

  init(pages: Int, files: Int) {
    self.pages = pages
    self.files = files
  }

  func publish(into root: URL, week: Int) throws {
    _ = try GeneratedSite.write(into: root, pages: pages, files: files)
    let host = root.appendingPathComponent(BombJackSite.host)
    let index = host.appendingPathComponent("index.html")
    var html = try String(contentsOf: index, encoding: .utf8)
    html = html.replacingOccurrences(
      of: "</body>", with: "<p><a href=\"\(BombJackWeeks.changelog)\">What's new in 2027</a></p>\n</body>")
    try html.write(to: index, atomically: true, encoding: .utf8)
    try BombJackChange.write(host, BombJackWeeks.changelog, entries: announcements)
    magazinePages = try BombJackChange.magazinePages(host, count: 2 * WeeklyBench.weeks)
  }

  func change(week: Int, root: URL) throws -> [WeeklyBench.Change] {
    let host = root.appendingPathComponent(BombJackSite.host)
    func edit(_ path: String, _ f: (String) -> String) throws {
      let u = host.appendingPathComponent(path)
      try f(try String(contentsOf: u, encoding: .utf8)).write(to: u, atomically: true, encoding: .utf8)
    }
    // A file number that does not end in 7 (the generated site answers those with 404).
    let n = 100 + 10 * week + 1
    let listed = magazinePages[week - 1]
    try edit(listed) { html in
      guard let end = html.range(of: "\n</table>", options: .backwards) else { return html }
      return html.replacingCharacters(
        in: end, with: "\n<tr>\n\(BombJackChange.cell(n, folder: "weekly"))\n</tr>\n</table>")
    }
    announcements.append("<p>2027 week \(week): a new issue on <a href=\"../\(listed)\">this page</a>.</p>")
    try BombJackChange.write(host, BombJackWeeks.changelog, entries: announcements)
    let quiet = magazinePages[WeeklyBench.weeks + week - 1]
    let word = "Revised" + letter(week)
    try edit(quiet) { html in
      guard let r = html.range(of: "Issue 3<br>") else { return html }
      return html.replacingCharacters(in: r, with: "Issue 3 \(word)<br>")
    }
    let base = "https://\(BombJackSite.host)/"
    return [
      .init(kind: .listing, week: week, marker: "New_Issue_\(n)_", method: .get, url: URL(string: base + listed)),
      .init(kind: .detail, week: week, marker: word, method: .get, url: URL(string: base + quiet)),
    ]
  }
}
