import CatalogKit
import Foundation

/// A page the walk could not read: skipped, counted and listed, never fatal to the walk.
struct FailedPage: Sendable {
  var url: URL
  var reason: String
}

/// What the walk read.
struct CrawlResult: Sendable {
  /// Pages read, in breadth-first order (their links already used and dropped to save memory).
  var pages: [BombJackPage]
  var failed: [FailedPage]
  /// True when the page cap stopped the walk with pages still queued.
  var capped: Bool
  var leftOver: Int
}
