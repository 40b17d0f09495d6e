import CatalogKit
import Foundation
import ShelfmarkTestSupport

/// The shipped catalogues in `../shared/reference-catalogs`, read in place.
enum ReplayReference {
  /// Decodes one reference catalogue; skips the test with a printed reason when it is absent.
  static func load(_ file: String) throws -> AnyCatalogue {
    let u = try TestPaths.shared("reference-catalogs/" + file)
    return try CatalogueFile.decode([UInt8](try Data(contentsOf: u)), file: u.path)
  }

  static func issues(_ file: String) throws -> IssueCatalogue { try issues(in: load(file), file) }

  /// The issue catalogue inside a decoded file of any shape.
  static func issues(in catalogue: AnyCatalogue, _ file: String = "") throws -> IssueCatalogue {
    guard case .issue(let c) = catalogue else { throw ReplayError.wrongShape(file) }
    return c
  }

  static func popboks(_ file: String) throws -> PopBoksCatalogue {
    guard case .popboks(let c) = try load(file) else { throw ReplayError.wrongShape(file) }
    return c
  }

  static func stripovi(_ file: String) throws -> StripoviCatalogue {
    guard case .stripovi(let c) = try load(file) else { throw ReplayError.wrongShape(file) }
    return c
  }
}

enum ReplayError: Error, CustomStringConvertible {
  /// A reference catalogue is not of the shape its source writes.
  case wrongShape(String)

  var description: String {
    switch self {
    case .wrongShape(let f): "reference-catalogs/\(f): not the shape this source writes"
    }
  }
}
