// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "RecipeCart",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "web", targets: ["web"])
    ],
    // Each pinned to the minor version the tests ran on: Package.resolved stays out of git (the build machines' package
    // copies carry other commit ids than GitHub's), so this is what keeps a fresh clone or the Docker image on the
    // code that was tested.
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", .upToNextMinor(from: "2.28.1")),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", .upToNextMinor(from: "2.1.1")),
        .package(url: "https://github.com/groue/GRDB.swift.git", .upToNextMinor(from: "7.10.0")),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", .upToNextMinor(from: "1.5.0")),
        .package(url: "https://github.com/apple/swift-argument-parser.git", .upToNextMinor(from: "1.8.2")),
        .package(url: "https://github.com/apple/swift-configuration.git", .upToNextMinor(from: "1.4.0"), traits: []),
        .package(url: "https://github.com/apple/swift-log.git", .upToNextMinor(from: "1.16.2")),
        .package(url: "https://github.com/apple/swift-crypto.git", .upToNextMinor(from: "3.12.3")),
        .package(url: "https://github.com/swift-server/async-http-client.git", .upToNextMinor(from: "1.37.0")),
        .package(url: "https://github.com/vapor/multipart-kit.git", .upToNextMinor(from: "4.7.1")),
        .package(url: "https://github.com/apple/swift-nio.git", .upToNextMinor(from: "2.101.2")),
        .package(url: "https://github.com/apple/swift-algorithms.git", .upToNextMinor(from: "1.2.1")),
        .package(url: "https://github.com/apple/swift-nio-extras.git", .upToNextMinor(from: "1.35.2")),
        .package(url: "https://github.com/apple/swift-http-types.git", .upToNextMinor(from: "1.8.0")),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", .upToNextMinor(from: "2.13.0")),
        .package(url: "https://github.com/vapor/postgres-nio.git", .upToNextMinor(from: "1.33.2")),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", .upToNextMinor(from: "2.37.6")),
        .package(url: "https://github.com/apple/swift-metrics.git", .upToNextMinor(from: "2.13.0")),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", .upToNextMinor(from: "2.4.1")),
    ],
    targets: [
        .target(
            name: "RecipeCartDomain",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Algorithms", package: "swift-algorithms"),
            ]
        ),
        .target(
            name: "RecipeCartShelf",
            dependencies: [
                "RecipeCartDomain"
            ]
        ),
        .target(
            name: "RecipeCartContracts",
            dependencies: [
                "RecipeCartDomain",
                "RecipeCartShelf",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "RecipeCartStorage",
            dependencies: [
                "RecipeCartDomain",
                "RecipeCartShelf",
                "RecipeCartContracts",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "RecipeCartUpstream",
            dependencies: [
                "RecipeCartDomain",
                "RecipeCartContracts",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "RecipeCartWire",
            dependencies: [
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"]
        ),
        .target(
            name: "RecipeCartLogging",
            dependencies: [
                "RecipeCartWire",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "RecipeCartServices",
            dependencies: [
                "RecipeCartDomain",
                "RecipeCartShelf",
                "RecipeCartContracts",
                "RecipeCartUpstream",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Algorithms", package: "swift-algorithms"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources/catalog")]
        ),
        .target(
            name: "RecipeCartStaticFiles",
            dependencies: [
                "RecipeCartDomain",
                "RecipeCartContracts",
                "RecipeCartWire",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "RecipeCart",
            dependencies: [
                "RecipeCartDomain",
                "RecipeCartShelf",
                "RecipeCartStorage",
                "RecipeCartContracts",
                "RecipeCartUpstream",
                "RecipeCartServices",
                "RecipeCartStaticFiles",
                "RecipeCartWire",
                "RecipeCartLogging",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Algorithms", package: "swift-algorithms"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .executableTarget(
            name: "web",
            dependencies: [
                "RecipeCartDomain",
                "RecipeCartShelf",
                "RecipeCartStorage",
                "RecipeCartContracts",
                "RecipeCartUpstream",
                "RecipeCartServices",
                "RecipeCartLogging",
                "RecipeCart",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "recipecart-bench",
            dependencies: [
                "RecipeCartDomain",
                "RecipeCartStorage",
                "RecipeCartContracts",
                "RecipeCartUpstream",
                "RecipeCartServices",
                "RecipeCart",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/Tool"
        ),
        .testTarget(
            name: "RecipeCartDomainTests",
            dependencies: [
                "RecipeCartDomain"
            ]
        ),
        .testTarget(
            name: "RecipeCartShelfTests",
            dependencies: [
                "RecipeCartShelf",
                "RecipeCartDomain",
            ]
        ),
        // Helpers the storage and app tests share, compiled once: the PostgreSQL test server, the stores on both
        // backends, child processes, a clock moved by hand, fresh directories.
        .target(
            name: "RecipeCartTestSupport",
            dependencies: [
                "RecipeCartDomain",
                "RecipeCartContracts",
                "RecipeCartStorage",
                "RecipeCartServices",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            path: "Tests/RecipeCartTestSupport"
        ),
        .testTarget(
            name: "RecipeCartStorageTests",
            dependencies: [
                "RecipeCartTestSupport",
                "RecipeCartDomain",
                "RecipeCartShelf",
                "RecipeCartContracts",
                "RecipeCartStorage",
                "RecipeCartServices",
                "RecipeCartUpstream",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "RecipeCartTests",
            dependencies: [
                "RecipeCartTestSupport",
                "RecipeCartDomain",
                "RecipeCartShelf",
                "RecipeCartStorage",
                "RecipeCartContracts",
                "RecipeCartUpstream",
                "RecipeCartWire",
                "RecipeCartLogging",
                "RecipeCart",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            exclude: ["Fixtures", "Snapshots/pages"]
        ),
    ]
)
