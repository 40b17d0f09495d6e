/// How far each magazine type's issues get towards a download, for `spectrum-build --probe`: how
/// many magazines and issues, how many have a mask, how many masks expand, and how many expand to
/// an archive.org download. Pure: the dump's rows in, counts out.
public struct SpectrumReachability: Sendable, Equatable {
  public var magazines = 0
  public var issues = 0
  public var withMask = 0
  public var expanded = 0
  public var archiveOrg = 0

  public init() {}

  /// Counts per `magtype` ("?" when a magazine has none); issues of an unknown magazine are left out.
  public static func byType(magazines: [ZXDBMagazine], issues: [ZXDBIssue]) -> [String: SpectrumReachability] {
    var rows: [String: SpectrumReachability] = [:]
    var byID: [Int: ZXDBMagazine] = [:]
    for m in magazines {
      byID[m.id] = m
      rows[m.magtype ?? "?", default: SpectrumReachability()].magazines += 1
    }
    for i in issues {
      guard let m = byID[i.magazineID] else { continue }
      let key = m.magtype ?? "?"
      rows[key, default: SpectrumReachability()].issues += 1
      guard let mask = i.effectiveMask(magazine: m) else { continue }
      rows[key, default: SpectrumReachability()].withMask += 1
      guard (try? mask.expand(i.fields)) != nil else { continue }
      rows[key, default: SpectrumReachability()].expanded += 1
      if (try? SpectrumArchiveLocation.expand(mask, i.fields)) != nil {
        rows[key, default: SpectrumReachability()].archiveOrg += 1
      }
    }
    return rows
  }
}
