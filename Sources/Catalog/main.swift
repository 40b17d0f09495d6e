import Foundation

exit(CatalogCommand.main(Array(CommandLine.arguments.dropFirst())).rawValue)
