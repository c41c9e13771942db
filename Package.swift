// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "image-gallery",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "image-gallery", targets: ["image-gallery"])
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket.git", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        .target(name: "DragAndDrop"),
        .target(name: "GalleryCore", dependencies: ["DragAndDrop"]),
        .target(name: "MediaProbe", dependencies: ["DragAndDrop", "GalleryCore"]),
        .target(
            name: "SafeFetch",
            dependencies: [
                "GalleryCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .target(
            name: "BlobStore",
            dependencies: ["GalleryCore", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(name: "CVipsShim", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CMallocShim"),
        .target(name: "CSpawnShim"),
        .target(name: "Thumbnails", dependencies: ["CVipsShim", "CSpawnShim"]),
        .target(name: "GalleryStoreSQL", dependencies: ["GalleryCore"]),
        .target(name: "CSearchRank", linkerSettings: [.linkedLibrary("sqlite3"), .linkedLibrary("m")]),
        .target(
            name: "GalleryStoreSQLite",
            dependencies: [
                "GalleryCore", "GalleryStoreSQL", "CSearchRank", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "GalleryStorePostgres",
            dependencies: [
                "GalleryCore", "GalleryStoreSQL", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .executableTarget(name: "embed-web"),
        .plugin(name: "EmbedWeb", capability: .buildTool(), dependencies: ["embed-web"]),
        .target(name: "WebClient", plugins: ["EmbedWeb"]),
        .target(
            name: "GalleryServer",
            dependencies: [
                "DragAndDrop", "GalleryCore", "MediaProbe", "SafeFetch", "BlobStore", "GalleryStoreSQL",
                "GalleryStoreSQLite", "GalleryStorePostgres",
                "Thumbnails", "WebClient",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .executableTarget(
            name: "image-gallery",
            dependencies: [
                "CMallocShim", "GalleryCore", "GalleryServer", "GalleryStoreSQL", "MediaProbe", "SafeFetch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "thumbnail-benchmark", dependencies: ["Thumbnails"], path: "Benchmarks/ThumbnailBenchmark"),
        .target(name: "TestSupport", dependencies: ["Thumbnails"], path: "Tests/TestSupport", exclude: ["Fixtures"]),
        .testTarget(name: "DragAndDropTests", dependencies: ["DragAndDrop", "TestSupport"]),
        .testTarget(name: "GalleryCoreTests", dependencies: ["GalleryCore", "TestSupport"]),
        .testTarget(name: "MediaProbeTests", dependencies: ["MediaProbe", "GalleryCore", "TestSupport"]),
        .testTarget(
            name: "SafeFetchTests",
            dependencies: [
                "SafeFetch", "GalleryCore", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "BlobStoreTests", dependencies: ["BlobStore"]),
        .testTarget(
            name: "GalleryStoreSQLiteTests",
            dependencies: [
                "GalleryStoreSQL", "GalleryStoreSQLite", "GalleryStorePostgres", "GalleryCore",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(name: "ThumbnailsTests", dependencies: ["Thumbnails", "TestSupport"]),
        .testTarget(
            name: "GalleryServerTests",
            dependencies: [
                "GalleryServer", "BlobStore", "GalleryCore", "GalleryStoreSQL", "GalleryStoreSQLite", "MediaProbe",
                "TestSupport",
                "Thumbnails", "WebClient",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "WSClient", package: "swift-websocket"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
