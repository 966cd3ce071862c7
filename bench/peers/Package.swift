// swift-tools-version:6.0
// The benchmark's reference peer: the same routes on Hummingbird 2, built and run by
// bench/perf.sh only (not part of the main package, its build or CI).
import PackageDescription

let package = Package(
    name: "BenchPeers",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    ],
    targets: [
        .systemLibrary(name: "CSQLitePeer", pkgConfig: "sqlite3"),
        .executableTarget(
            name: "HummingbirdPeer",
            dependencies: ["CSQLitePeer", .product(name: "Hummingbird", package: "hummingbird")]
        ),
    ]
)
