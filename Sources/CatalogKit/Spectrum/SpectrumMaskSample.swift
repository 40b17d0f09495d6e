/// One expanded mask picked by `--validate` to check a token against archive.org.
public struct SpectrumMaskSample: Sendable, Equatable {
  /// The token (kind + argument, without braces) this sample stands for.
  public var token: String
  public var magazine: ZXDBMagazine
  public var issueID: Int
  public var location: SpectrumArchiveLocation

  public init(token: String, magazine: ZXDBMagazine, issueID: Int, location: SpectrumArchiveLocation) {
    self.token = token
    self.magazine = magazine
    self.issueID = issueID
    self.location = location
  }

  /// For every token of the magazines' own masks, in sorted order, up to `perToken` expanded masks:
  /// magazines by id, issues in dump order, at most two per magazine per token, distinct URLs.
  /// Issues whose mask fails to expand or split are passed over.
  public static func select(magazines: [ZXDBMagazine], issues: [ZXDBIssue], perToken: Int) -> [SpectrumMaskSample] {
    var byMagazine: [Int: [ZXDBIssue]] = [:]
    for i in issues { byMagazine[i.magazineID, default: []].append(i) }
    var users: [String: [ZXDBMagazine]] = [:]
    for m in magazines.sorted(by: { $0.id < $1.id }) {
      guard let text = m.archiveMask, !text.isEmpty else { continue }
      for t in Set(SpectrumMask(text).tokens) { users[t, default: []].append(m) }
    }
    var out: [SpectrumMaskSample] = []
    for (token, list) in users.sorted(by: { $0.key < $1.key }) {
      var taken = 0
      var seen: Set<SpectrumArchiveLocation> = []
      for m in list where taken < perToken {
        var fromThis = 0
        let mask = SpectrumMask(m.archiveMask ?? "")
        for i in byMagazine[m.id] ?? [] where fromThis < 2 && taken < perToken {
          guard let l = try? SpectrumArchiveLocation.expand(mask, i.fields), seen.insert(l).inserted else { continue }
          out.append(SpectrumMaskSample(token: token, magazine: m, issueID: i.id, location: l))
          fromThis += 1
          taken += 1
        }
      }
    }
    return out
  }
}
