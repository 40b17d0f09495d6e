import CatalogCommands

CatalogCommand.exit(with: CommandLine.arguments.dropFirst())
