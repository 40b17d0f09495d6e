// swift-tools-version:6.0
import PackageDescription

// Linux only: the code uses Glibc spellings (`st_mtim`, `SOCK_STREAM.rawValue`) and links libcurl,
// libxml2, SQLite, zlib, liblzma and libcrypto from the system, so no Apple platform is claimed.
let package = Package(
  name: "Shelfmark",
  products: [
    .executable(name: "catalog", targets: ["Catalog"]),
    .executable(name: "retrospec-build", targets: ["RetroSpecBuild"]),
    .executable(name: "archive-build", targets: ["ArchiveBuild"]),
    .executable(name: "bombjack-build", targets: ["BombJackBuild"]),
    .executable(name: "atarimania-build", targets: ["AtarimaniaBuild"]),
    .executable(name: "vintageapple-build", targets: ["VintageAppleBuild"]),
    .executable(name: "popboks-build", targets: ["PopBoksBuild"]),
    .executable(name: "spectrum-build", targets: ["SpectrumBuild"]),
    .executable(name: "stripovi-build", targets: ["StripoviBuild"]),
    .executable(name: "site-mirror", targets: ["SiteMirror"]),
    .executable(name: "bench", targets: ["Bench"]),
    // For the fuzz targets in Fuzz/, a package of their own that depends on this one by path.
    .library(name: "CatalogKit", targets: ["CatalogKit"]),
    .library(name: "BuildSupport", targets: ["BuildSupport"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]),
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(
      name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    .systemLibrary(
      name: "CLzma", path: "Sources/CLzma", pkgConfig: "liblzma", providers: [.apt(["liblzma-dev"])]),
    .systemLibrary(
      name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),

    // Pure: bytes in, values out.
    .target(name: "CatalogKit", dependencies: ["CLibXML2", "CZlib", "CLzma", "CCrypto"]),
    // Everything with I/O. The commit `--version` names is stamped at every build by the plugin;
    // Version/BuildStamp.swift is the placeholder the old stamp script rewrote in place (checkouts
    // have it marked skip-worktree), kept out of the build rather than deleted so they merge cleanly.
    .target(
      name: "BuildSupport", dependencies: ["CatalogKit", "CSQLite", "CCurl", "SiteMirrorKit", "ShelfmarkSamples"],
      exclude: ["Version/BuildStamp.swift"],
      plugins: ["VersionStamp"]),
    // `git describe` into BuildStamp.commit at every build (Plugins/VersionStamp).
    .plugin(name: "VersionStamp", capability: .buildTool()),
    // What the demo's sample sites, the tests and the benchmarks use (a zip writer, the simulated
    // tile archive, the reference's grid measurement, generated sites for refresh). No parser or
    // rule depends on it; BuildSupport links it because each source declares its demo sample.
    .target(name: "ShelfmarkSamples", dependencies: ["CatalogKit", "CZlib", "SiteMirrorKit"]),
    // The loopback HTTP server used by tests, benchmarks and `site-mirror`.
    .target(name: "SiteMirrorKit"),

    // `catalog`'s subcommands, a library so tests run them in-process; the executable only calls it.
    .target(
      name: "CatalogCommands", dependencies: ["CatalogKit", "BuildSupport", "SiteMirrorKit"]),
    .executableTarget(name: "Catalog", dependencies: ["CatalogCommands"]),
    .executableTarget(name: "RetroSpecBuild", dependencies: ["CatalogKit", "BuildSupport"]),
    .executableTarget(name: "ArchiveBuild", dependencies: ["CatalogKit", "BuildSupport"]),
    .executableTarget(name: "BombJackBuild", dependencies: ["CatalogKit", "BuildSupport"]),
    .executableTarget(name: "AtarimaniaBuild", dependencies: ["CatalogKit", "BuildSupport"]),
    .executableTarget(name: "VintageAppleBuild", dependencies: ["CatalogKit", "BuildSupport"]),
    .executableTarget(name: "PopBoksBuild", dependencies: ["CatalogKit", "BuildSupport"]),
    .executableTarget(name: "SpectrumBuild", dependencies: ["CatalogKit", "BuildSupport"]),
    .executableTarget(name: "StripoviBuild", dependencies: ["CatalogKit", "BuildSupport"]),
    .executableTarget(name: "SiteMirror", dependencies: ["SiteMirrorKit", "BuildSupport", "CatalogKit"]),
    .executableTarget(
      name: "Bench",
      dependencies: ["CatalogKit", "BuildSupport", "SiteMirrorKit", "CLibXML2", "ShelfmarkSamples"]),

    // Paths to fixtures and ../shared, and running the real executables; for tests only.
    .target(name: "ShelfmarkTestSupport", dependencies: ["SiteMirrorKit", "BuildSupport"]),

    .testTarget(
      name: "CatalogKitTests", dependencies: ["CatalogKit", "BuildSupport", "ShelfmarkTestSupport", "ShelfmarkSamples"]),
    .testTarget(
      name: "BuildSupportTests",
      dependencies: ["BuildSupport", "CatalogKit", "SiteMirrorKit", "ShelfmarkTestSupport", "ShelfmarkSamples"]),
    .testTarget(
      name: "CatalogCommandsTests",
      dependencies: ["CatalogCommands", "CatalogKit", "BuildSupport", "ShelfmarkTestSupport"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "CatalogKit", "BuildSupport", "CatalogCommands", "SiteMirrorKit", "ShelfmarkTestSupport", "ShelfmarkSamples",
      ]),
    .testTarget(
      name: "ReplayTests",
      dependencies: ["CatalogKit", "BuildSupport", "SiteMirrorKit", "ShelfmarkTestSupport", "ShelfmarkSamples"]),
  ],
  swiftLanguageModes: [.v6]
)
