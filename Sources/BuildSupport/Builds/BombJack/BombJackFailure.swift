import CatalogKit
import Foundation

/// Why the BombJack build stopped.
enum BombJackFailure: BuildFailure {
  /// The site's robots.txt forbids the walk and `--ignore-robots` was not given.
  case robotsDisallow(URL)
  /// Not one page could be read from the start pages.
  case nothingRead([FailedPage])
  /// A `--start` value that is not a page of the archive.
  case badStart(String)
  /// An `--only` value that is not one of the seven shelves.
  case badShelf(String)

  var exitCode: ExitCode {
    switch self {
    case .robotsDisallow, .nothingRead: .unavailable
    case .badStart, .badShelf: .usage
    }
  }

  var description: String {
    switch self {
    case .robotsDisallow(let url):
      return "\(url.absoluteString): robots.txt disallows this path (commodore.bombjack.org says Disallow: /); "
        + "crawling it is a deliberate project decision, so pass --ignore-robots to walk the archive anyway"
    case .nothingRead(let failed):
      return "the walk read no page: "
        + failed.prefix(5).map { "\($0.url.absoluteString): \($0.reason)" }.joined(separator: "; ")
    case .badStart(let s):
      return "--start takes pages of https://\(BombJackSite.host)/, not '\(s)'."
    case .badShelf(let s):
      return "--only takes shelf names (\(BombJackShelf.allCases.map(\.rawValue).joined(separator: ", "))), not '\(s)'."
    }
  }
}
