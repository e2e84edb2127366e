// swift-tools-version: 6.1
// The announcer's benchmarks, kept in their own package (as swift-nio does) so that
// the benchmark library and its plugins never become dependencies of the server itself.
// Run from this folder: swift package benchmark
import PackageDescription

let package = Package(
    name: "announcer-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The trait list is required: it keeps the malloc interposer (malloc counts need no
        // jemalloc on Swift 6.3) and leaves out the default "RuntimeInterposer" trait.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // The announcer itself, by path. The name is given because the checkout's folder
        // may be called anything, and products below refer to the package as "announcer".
        .package(name: "announcer", path: ".."),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    ],
    targets: [
        .executableTarget(
            name: "AnnouncementLatency",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                // The latency scenarios, the same ones `announce bench` runs, and the client it speaks through.
                .product(name: "AnnouncerBench", package: "announcer"),
                .product(name: "AnnouncerClient", package: "announcer"),
                .product(name: "AnnouncerEmbedded", package: "announcer"),
                .product(name: "AnnouncerProtocol", package: "announcer"),
                .product(name: "AnnouncerEngine", package: "announcer"),
                .product(name: "AnnouncerCore", package: "announcer"),
                .product(name: "AnnouncerVoices", package: "announcer"),
                .product(name: "Audio", package: "announcer"),
                .product(name: "AnnouncerServer", package: "announcer"),
                // eSpeak NG in the benchmark's own process, for the benchmarks that ask for it.
                .product(name: "ESpeak", package: "announcer"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Benchmarks/AnnouncementLatency",
            // The ESpeak module's map links nothing; each program chooses (see the announcer package).
            linkerSettings: [.linkedLibrary("espeak-ng")],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ]
)
