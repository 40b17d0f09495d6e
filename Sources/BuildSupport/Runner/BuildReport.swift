import CatalogKit
import Foundation

/// What happened to one catalogue.
public enum ProductStatus: String, Codable, Sendable {
  /// New bytes written.
  case written
  /// Same content as the previous file (ignoring `generated`): left byte-identical.
  case unchanged
  /// Failed an ERROR rule: nothing written, the previous file untouched.
  case refused
  /// Passed, but another file of the same run was refused, and a run writes all its files or none.
  case withheld
}

public struct ProductReport: Codable, Sendable {
  public var file: String
  public var path: String
  public var status: ProductStatus
  public var records: Int
  public var previousRecords: Int?
  public var partial: Bool
  public var findings: [Finding]
  public var summary: [String]
}

/// The machine-readable account of one build (`--report FILE`).
public struct BuildReport: Codable, Sendable {
  public var tool: String
  public var date: String
  public var exitCode: Int32
  public var error: String?
  public var products: [ProductReport]
  public var counters: [String: Int]
  public var missingURLs: [String]
  public var warnings: [String]
  public var notes: [String]
  public var seconds: Double
  public var libxml2: String
  /// The binary's version and commit and the libraries it ran with (`--version` shows the first two).
  public var versions: BuildInfo.Versions?
}
