// swift-tools-version: 6.1
// libFuzzer harnesses for what clients and files can feed announcer: the JSON-lines and SSIP
// parsers, the SSML reader, text preparation (normalizer, lexicon, spelling, punctuation), voice
// profile files, flow files and Emacspeak's Tcl commands. A package of its own, like Benchmarks/,
// so a normal `swift build` or `swift test` never needs sanitizers. Build and run them with Fuzz/run (docs/RELIABILITY.md, "Fuzzing"):
// the sanitizer flags are given on the command line, so the announcer modules are instrumented too.
import PackageDescription

let harnesses = ["FuzzJSONLines", "FuzzSSIP", "FuzzPrepare", "FuzzVoiceProfile", "FuzzFlow", "FuzzSSML", "FuzzEmacspeak"]

let package = Package(
    name: "announcer-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The announcer itself, by path; named because the checkout's folder may be called anything.
        .package(name: "announcer", path: ".."),
    ],
    targets: [
        // The declaration of libFuzzer's driver, which each harness's entry point calls.
        .target(name: "CFuzzerDriver"),
        // What every harness shares: the voice profiles, invariant checks and the failure report.
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CFuzzerDriver",
                .product(name: "AnnouncerCore", package: "announcer"),
                .product(name: "AnnouncerVoices", package: "announcer"),
            ]
        ),
    ] + harnesses.map { name in
        .executableTarget(
            name: name,
            dependencies: [
                "FuzzSupport",
                .product(name: "AnnouncerCore", package: "announcer"),
                .product(name: "AnnouncerProtocol", package: "announcer"),
                .product(name: "AnnouncerVoices", package: "announcer"),
                .product(name: "AnnouncerFlows", package: "announcer"),
            ] + (["FuzzSSML", "FuzzEmacspeak"].contains(name) ? [.product(name: "SSMLReading", package: "announcer")] : [])
        )
    }
)
