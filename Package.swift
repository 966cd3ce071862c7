// swift-tools-version:6.0
import PackageDescription

/// Release-only compiler settings for the server's own modules (`swift build` and `swift test` in
/// debug, the README's and CI's commands, do not see them; `bench/` builds release and does).
/// `-cross-module-optimization` lets the optimiser inline and specialise the other modules'
/// small functions (request getters, header reads, generic copies) where it would otherwise
/// call them: 4.9 % fewer instructions on the user route's request path (bench/callgrind_user.md,
/// "Release build settings"). Unsafe flags are accepted in the root package and in packages
/// depended on by path or branch, the two ways docs/api.md gives for `MockServerKit`.
let releaseSwiftSettings: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]

let package = Package(
    name: "MockServer",
    platforms: [.macOS(.v14), .iOS(.v16)],
    products: [
        .executable(name: "serve", targets: ["serve"]),
        .library(name: "MockServerKit", targets: ["MockServerKit"]),
        .library(name: "MockServerClientKit", targets: ["MockServerClientKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // libcurl's header only: the library is loaded when something is first forwarded
        // (UpstreamClientLibrary), so nothing links it and no pkg-config flags are wanted.
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CCrypt",
            providers: [.apt(["libcrypt-dev"])]
        ),
        // libcrypto's scrypt, declared by the shim: the library is loaded when the first password
        // is hashed or verified (SystemScrypt), so nothing links it.
        .systemLibrary(name: "COpenSSL"),
        .systemLibrary(name: "CEpoll"),
        .target(name: "CMallocTrim"),
        .target(name: "Wire", swiftSettings: releaseSwiftSettings),
        .target(name: "HTTPServer", dependencies: [
            "Wire", "CMallocTrim", .target(name: "CEpoll", condition: .when(platforms: [.linux])),
        ], swiftSettings: releaseSwiftSettings),
        .target(
            name: "CaptureFormats",
            dependencies: ["Wire", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: releaseSwiftSettings
        ),
        .target(name: "Store", dependencies: ["CSQLite", "CaptureFormats", "Wire"], swiftSettings: releaseSwiftSettings),
        .target(
            name: "APIRoutes",
            dependencies: [
                "HTTPServer", "Store", "CaptureFormats", "Wire", "CCurl",
                .target(name: "CCrypt", condition: .when(platforms: [.linux])),
                .target(name: "COpenSSL", condition: .when(platforms: [.linux])),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto", condition: .when(platforms: [.macOS, .iOS])),
            ],
            swiftSettings: releaseSwiftSettings
        ),
        .executableTarget(
            name: "serve",
            dependencies: [
                "APIRoutes",
                "HTTPServer",
                "Store",
                "CaptureFormats",
                "Wire",
                "CMallocTrim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: releaseSwiftSettings
        ),
        .target(name: "MockServerClientKit"),
        .target(name: "MockServerKit", dependencies: ["MockServerClientKit", "APIRoutes", "HTTPServer"]),
        .target(name: "TestSupport", dependencies: ["HTTPServer"], path: "Tests/TestSupport"),
        .testTarget(name: "WireTests", dependencies: ["Wire"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "Wire", "TestSupport"]),
        .testTarget(name: "CaptureFormatsTests", dependencies: ["CaptureFormats", "Wire"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "CaptureFormats", "Wire", "TestSupport"]),
        .testTarget(name: "APIRoutesTests", dependencies: ["APIRoutes", "HTTPServer", "Store", "CaptureFormats", "Wire", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["APIRoutes", "HTTPServer", "Store", "CaptureFormats", "Wire", "TestSupport", "serve", .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(name: "MockServerKitTests", dependencies: ["MockServerKit", "TestSupport", "serve"]),
    ],
    swiftLanguageModes: [.v6]
)
