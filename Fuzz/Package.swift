// swift-tools-version:6.0
import PackageDescription

// One libFuzzer executable per parser. Kept out of the main package because these link only with
// `-sanitize=fuzzer` (libFuzzer brings the driver symbol), so a plain `swift build` there could not
// link them. Build and run them with `scripts/fuzz`; see docs/fuzzing.md.
let targets = [
  "FuzzRetroSpecIndex", "FuzzRetroSpecMagshow", "FuzzBombJackPage", "FuzzAtarimaniaIndex",
  "FuzzAtarimaniaTitle", "FuzzVintageAppleSection", "FuzzStripoviReader", "FuzzPopBoksDzuboks",
  "FuzzPopBoksRitam", "FuzzSQLDump", "FuzzZipArchive", "FuzzArchiveMetadata", "FuzzScandata",
  "FuzzCatalogueFile", "FuzzRobots", "FuzzHeaders", "FuzzMask", "FuzzWARC", "FuzzPageShape",
  "FuzzCacheDerived",
]

let package = Package(
  name: "ShelfmarkFuzz",
  platforms: [.macOS(.v13)],
  products: targets.map { .executable(name: $0, targets: [$0]) },
  // `Shelfmark` is a symlink to `..`: SwiftPM names a path dependency after its folder, and a checkout
  // whose folder is called `fuzz` (or `Fuzz`) would otherwise clash with this package's own identity.
  dependencies: [.package(path: "Shelfmark")],
  targets: [
    .target(name: "FuzzSupport")
  ]
    + targets.map {
      .executableTarget(
        name: $0,
        dependencies: [
          "FuzzSupport",
          .product(name: "CatalogKit", package: "shelfmark"),
          .product(name: "BuildSupport", package: "shelfmark"),
        ])
    },
  swiftLanguageModes: [.v6]
)
