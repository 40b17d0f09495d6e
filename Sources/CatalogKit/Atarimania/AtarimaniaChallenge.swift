/// Recognises the page a CDN serves instead of the real one when it does not trust the client.
///
/// Atarimania sits behind a CDN that answers a bare client User-Agent with a JavaScript challenge,
/// sometimes with status 200. Parsed as a title page, that challenge would look like a title with no
/// issues; cached as a success, it would poison every later `--no-network` build. So every page is
/// checked here before it is parsed, and a match is a refusal, never an empty title.
public enum AtarimaniaChallenge {
  /// Headers by which CDNs mark a challenge answer (lowercased names; any value counts unless given).
  static let headerMarkers: [(name: String, value: String?)] = [
    ("cf-mitigated", "challenge"),
    ("x-vercel-mitigated", nil),
    ("x-vercel-challenge-token", nil),
    ("x-amzn-waf-action", nil),
    ("x-sucuri-block", nil),
  ]

  /// Phrases that challenge and block pages carry and Atarimania's own pages never do (checked on the
  /// saved real pages), matched in lowercase.
  static let bodyMarkers: [String] = [
    "<title>just a moment", "cf-browser-verification", "challenge-platform", "cf_chl_opt", "cf-chl-",
    "checking your browser", "checking if the site connection is secure",
    "enable javascript and cookies to continue", "verify you are human", "vercel security checkpoint",
    "attention required! | cloudflare", "ddos-guard", "sucuri website firewall", "awswafintegration",
    "captcha-delivery", "please complete the security check", "access denied</title>",
  ]

  /// How much of the body is searched: challenge pages are small and say what they are early.
  static let searchedPrefix = 65_536

  /// Evidence that this answer is a challenge rather than the page, or nil when it looks like the site.
  ///
  /// - A challenge header, or a challenge phrase in the body, is evidence on any status.
  /// - A 403, 429 or 503 whose body lacks the site's own Next.js markup is the CDN refusing us, too.
  public static func evidence(status: Int, headers: [String: String] = [:], body: [UInt8]) -> String? {
    if let evidence = headerEvidence(headers) { return evidence }
    // Every marker is ASCII, so the prefix is lowercased and searched as bytes. Decoding it,
    // lowercasing it as Unicode and searching it through Foundation (UTF-16) was two thirds of an
    // Atarimania refresh's CPU: every page is checked when it is read, cached or not, and again
    // when it is parsed.
    let head = body.prefix(searchedPrefix).map(TextBytes.lower)
    for (marker, bytes) in zip(bodyMarkers, bodyMarkerBytes) where TextBytes.contains(bytes, in: head) {
      return "the body says \"\(marker)\""
    }
    if [403, 429, 503].contains(status), !TextBytes.contains(siteMarkupBytes, in: head) {
      return "status \(status) without the site's markup"
    }
    return nil
  }

  static let bodyMarkerBytes = bodyMarkers.map { Array($0.utf8) }

  /// The site's own page furniture (Next.js assets), lowercase.
  static let siteMarkup = "/_next/static/"
  static let siteMarkupBytes = Array(siteMarkup.utf8)

  /// Evidence from the headers alone, for HEAD answers (a real 403 on a file is an answer, so the
  /// status alone is no evidence there). Names are lowercased, as `FetchResponse` gives them.
  public static func headerEvidence(_ headers: [String: String]) -> String? {
    for marker in headerMarkers {
      guard let value = headers[marker.name] else { continue }
      if let wanted = marker.value, !value.lowercased().contains(wanted) { continue }
      return "header \(marker.name): \(value)"
    }
    return nil
  }

  /// True when the text carries the site's own page furniture (Next.js assets).
  static func looksLikeSitePage(_ lowercasedText: String) -> Bool {
    lowercasedText.contains(siteMarkup)
  }
}
