import BuildSupport
import CatalogKit
import Foundation

/// `bench catalog`: `catalog check` and `catalog diff` on the shipped catalogues (catalogs/) next to
/// their plain-Python peers (scripts/catalog-baseline.py: the same files read strictly, records
/// keyed as ours are, the obvious rules or every field compared), medians of five runs each, the
/// two sides back to back; goal within 2× (issue 21, item 6). Then check and diff on a catalogue
/// with one long title at two lengths, next to `validate` of the same file: the ratio should not
/// grow with the length (issue 18, item 9: linear in input size).
enum CatalogBench {
  static func run() async throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let shipped = root.appendingPathComponent("catalogs")
    let script = root.appendingPathComponent("scripts/catalog-baseline.py")
    let fm = FileManager.default
    let dir = fm.temporaryDirectory.appendingPathComponent("catalog-bench-\(UUID().uuidString.prefix(8))")
    defer { try? fm.removeItem(at: dir) }
    let changed = dir.appendingPathComponent("changed")
    try fm.createDirectory(at: changed, withIntermediateDirectories: true)
    let names = try fm.contentsOfDirectory(atPath: shipped.path).filter { $0.hasSuffix(".json") }.sorted()
    for name in names {
      let bytes = try Data(contentsOf: shipped.appendingPathComponent(name))
      try Data(edited(bytes, every: 97)).write(to: changed.appendingPathComponent(name))
    }
    guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: fm.isExecutableFile) else {
      print("catalog: skipped (no python3 for the peer)")
      return
    }
    let pythonURL = URL(fileURLWithPath: python)
    let catalog = try tool("catalog")

    func time(_ exe: URL, _ args: [String]) throws -> Double {
      try ChildProcess.run(exe, args, stdout: .discard, stderr: .discard).seconds
    }
    /// Wall time and CPU time (user + system, from the children's rusage): ours reads and checks the
    /// files on every core, the peer on one, so on a busy machine the two ratios differ.
    func timed(_ exe: URL, _ args: [String]) throws -> (wall: Double, cpu: Double) {
      let before = childrenCPU()
      let wall = try time(exe, args)
      return (wall, childrenCPU() - before)
    }
    let peer = Baseline.peer("plain Python, scripts/catalog-baseline.py").label
    print("catalog: \(names.count) shipped files, \(peer); medians of 5 runs, pairs back to back")
    // What the peer does, so the ratio is read for what it is: both read the same files strictly
    // (json in C, a duplicate key refused). Its check applies three rules per record (a repeated
    // key, a missing title, numbering); ours applies every shared and plausibility rule of the
    // file's source (paths, hosts, strings, dates, sizes…) and the folder rules, identity
    // collisions among them. Its diff compares records field by field and prints the changes;
    // ours also counts per series, notices reordering and prints the table.
    print("  the peer checks 3 rules per record, ours all of catalogue-format §6 and the folder rules")
    for (label, ours, theirs) in [
      ("check", ["check", shipped.path], ["check", shipped.path]),
      ("diff", ["diff", shipped.path, changed.path], ["diff", shipped.path, changed.path]),
    ] {
      var a = Samples()
      var b = Samples()
      var aCPU = Samples()
      var bCPU = Samples()
      for _ in 0..<5 {
        let x = try timed(catalog, ours)
        let y = try timed(pythonURL, [script.path] + theirs)
        a.add(x.wall)
        aCPU.add(x.cpu)
        b.add(y.wall)
        bCPU.add(y.cpu)
      }
      print(
        String(
          format: "  catalog %@  %.3f s (CPU %.3f s); Python %.3f s (CPU %.3f s); ours / Python %@, CPU %@ [goal ≤ 2×]",
          label, a.median, aCPU.median, b.median, bCPU.median, Samples.ratios(a, b).summary("%.2f×"),
          Samples.ratios(aCPU, bCPU).summary("%.2f×")))
    }

    // Linearity on long strings: one title of 2, 4 and 8 MB in the RetroSpec catalogue. Linear means
    // each command's extra time per extra megabyte is the same from 2 to 4 MB as from 4 to 8 MB.
    let retrospec = try Data(contentsOf: shipped.appendingPathComponent("retrospec-catalog.json"))
    var medians: [(mb: Int, validate: Double, check: Double, diff: Double)] = []
    for megabytes in [2, 4, 8] {
      let folder = dir.appendingPathComponent("long-\(megabytes)")
      try fm.createDirectory(at: folder, withIntermediateDirectories: true)
      let file = folder.appendingPathComponent("retrospec-catalog.json")
      try Data(longTitle(retrospec, bytes: megabytes << 20)).write(to: file)
      var v = Samples()
      var c = Samples()
      var d = Samples()
      for _ in 0..<3 {
        v.add(try time(catalog, ["validate", file.path]))
        c.add(try time(catalog, ["check", "--expect", "present", folder.path]))
        d.add(
          try time(catalog, ["diff", shipped.appendingPathComponent("retrospec-catalog.json").path, file.path]))
      }
      medians.append((megabytes, v.median, c.median, d.median))
      print(
        String(
          format: "  a %d MB title: validate %.3f s, check %.3f s, diff %.3f s", megabytes, v.median, c.median,
          d.median))
    }
    func perMB(_ a: Int, _ b: Int) -> String {
      let mb = Double(medians[b].mb - medians[a].mb)
      return String(
        format: "validate %.3f, check %.3f, diff %.3f s/MB", (medians[b].validate - medians[a].validate) / mb,
        (medians[b].check - medians[a].check) / mb, (medians[b].diff - medians[a].diff) / mb)
    }
    if medians.count == 3 {
      print("  extra time per extra MB, 2→4 MB: \(perMB(0, 1)); 4→8 MB: \(perMB(1, 2))")
      let growth = (medians[2].check - medians[1].check) / 2 / max((medians[1].check - medians[0].check), 1e-9)
      let diffGrowth = (medians[2].diff - medians[1].diff) / 2 / max((medians[1].diff - medians[0].diff), 1e-9)
      print(
        String(
          format: "  per-MB cost at 4→8 MB over 2→4 MB: check %.2f×, diff %.2f× [goal ≈ 1×: linear, not growing]",
          growth, diffGrowth))
    }
  }

  /// User and system seconds of every child waited for so far.
  static func childrenCPU() -> Double {
    var u = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &u)
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(u.ru_utime) + seconds(u.ru_stime)
  }

  static func tool(_ name: String) throws -> URL {
    let u = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    guard FileManager.default.isExecutableFile(atPath: u.path) else {
      throw BenchFailure("\(u.path) is missing; build it in the same configuration first")
    }
    return u
  }

  /// The file with every `every`-th record's title changed, for a diff with something to say.
  static func edited(_ bytes: Data, every: Int) throws -> [UInt8] {
    guard var top = try JSONSerialization.jsonObject(with: bytes) as? [String: Any] else { return [UInt8](bytes) }
    for key in ["issues", "comics"] {
      guard var list = top[key] as? [[String: Any]] else { continue }
      for i in stride(from: 0, to: list.count, by: every) {
        list[i]["title"] = ((list[i]["title"] as? String) ?? "") + " (revised)"
      }
      top[key] = list
    }
    return [UInt8](try JSONSerialization.data(withJSONObject: top, options: [.prettyPrinted, .sortedKeys]))
  }

  /// The file with its first issue's title `bytes` long (letters and spaces).
  static func longTitle(_ bytes: Data, bytes count: Int) throws -> [UInt8] {
    guard var top = try JSONSerialization.jsonObject(with: bytes) as? [String: Any],
      var list = top["issues"] as? [[String: Any]], !list.isEmpty
    else { return [UInt8](bytes) }
    list[0]["title"] = String(repeating: "Oktobar ", count: count / 8)
    top["issues"] = list
    return [UInt8](try JSONSerialization.data(withJSONObject: top, options: [.prettyPrinted, .sortedKeys]))
  }
}
