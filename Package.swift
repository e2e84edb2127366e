// swift-tools-version: 6.1
import PackageDescription

/// Every target imports its dependencies internally unless a file says `public import`, so no
/// dependency leaks into a module's public API unnoticed.
let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("InternalImportsByDefault")]

/// Release builds of the three programs link the Swift runtime and Foundation statically, with lld and
/// packed relative relocations (DT_RELR, which Debian 12's glibc reads). A speech server runs all day on
/// small machines: this takes about a fifth off announcer's resident memory and a third of its process
/// start (Benchmarks/README.md, "Lean"). Debug builds, which the tests run, link as usual.
let leanRelease: [LinkerSetting] = [
    .unsafeFlags(
        ["-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"],
        .when(platforms: [.linux], configuration: .release)
    ),
]

/// `leanRelease`, and the functions `program` ran under Valgrind laid out together at the start of its code
/// (`Sources/Server/PROGRAM/PROGRAM.order`, written by scripts/order-hot-functions): Linux maps 64 KiB around each
/// page a program touches in a file, so code spread over a large binary costs resident memory for all of it.
func leanRelease(ordering program: String) -> [LinkerSetting] {
    let order = "\(Context.packageDirectory)/Sources/Server/\(program)/\(program).order"
    return leanRelease + [
        .unsafeFlags(
            ["-Xlinker", "--symbol-ordering-file=\(order)", "-Xlinker", "--no-warn-symbol-ordering"],
            .when(platforms: [.linux], configuration: .release)
        ),
    ]
}

/// The shared libespeak-ng, for the programs and tests that run eSpeak in their own process.
let linksESpeak: [LinkerSetting] = [.linkedLibrary("espeak-ng")]

/// The static libespeak-ng, for the synthesis worker: with `CNoAudioDevice` in place of pcaudiolib, it needs
/// only libsonic of the shared library's dependencies, where the shared one brings PulseAudio's client,
/// X11, D-Bus and libsndfile with its codecs (Benchmarks/README.md, "Lean").
let linksStaticESpeak: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "-l:libespeak-ng.a", "-Xlinker", "-l:libsonic.so.0", "-Xlinker", "-lm"]),
]

/// The programs' own modules are compiled against the static runtime and Foundation that `leanRelease` links,
/// so that they name the static Foundation's own libraries for the linker. The library modules are not: the
/// benchmarks link them with the shared runtime.
let leanReleaseSwiftSettings: [SwiftSetting] = swiftSettings + [
    .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release)),
]

/// The layers, one folder each under Sources/: the speech server (its engine, protocols and programs),
/// the clients that reach it (the client library, the in-process engine and `announce`), and the QA tools
/// (flows, pages, the audit report, the bench and the real screen readers). ArchitectureDiagramTests
/// checks that the server depends on neither of the others, and that the client libraries do not depend on QA.
/// A program (`announce`) may use every layer, and so may the library that holds its commands.
let programBodies = ["AnnounceCommands"]
let layers: [String: [String]] = [
    "Server": [
        "AnnouncerCore",
        "AnnouncerScheduling",
        "AnnouncerEngine",
        "AnnouncerServer",
        "AnnouncerProtocol",
        "AnnouncerVoices",
        "AnnouncerCommandLine",
        "JSONLineEncoding",
        "SSMLReading",
        "Blocking",
        "Spawning",
        "CSpawning",
        "Speech",
        "ESpeak",
        "CEspeakNG",
        "CNoAudioDevice",
        "Audio",
        "CALSA",
        "SoundIcons",
        "Ducking",
        "PulseAudio",
        "CPulseAudio",
        "announcerd",
        "announcer-synth",
        "announcer-duck",
    ],
    "Clients": [
        "AnnouncerClient",
        "AnnouncerEmbedded",
        "AnnounceCommands",
        "announce",
    ],
    "QA": [
        "AnnouncerFlows",
        "AnnouncerWeb",
        "DevToolsProtocol",
        "AnnouncerBench",
        "ATDriver",
        "ScreenReaderRig",
        "XKeyboard",
        "CXTest",
    ],
]

let package = Package(
    name: "announcer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "announce", targets: ["announce"]),
        .executable(name: "announcerd", targets: ["announcerd"]),
        .executable(name: "announcer-synth", targets: ["announcer-synth"]),
        .executable(name: "announcer-duck", targets: ["announcer-duck"]),
        .library(name: "AnnouncerCore", targets: ["AnnouncerCore"]),
        .library(name: "AnnouncerEngine", targets: ["AnnouncerEngine"]),
        .library(name: "AnnouncerScheduling", targets: ["AnnouncerScheduling"]),
        .library(name: "Speech", targets: ["Speech"]),
        // For Benchmarks/, whose in-process benchmarks run eSpeak NG in their own process.
        .library(name: "ESpeak", targets: ["ESpeak"]),
        .library(name: "Audio", targets: ["Audio"]),
        .library(name: "SoundIcons", targets: ["SoundIcons"]),
        // For Benchmarks/, which registers the bench's scenarios and speaks through the client's destinations.
        .library(name: "AnnouncerBench", targets: ["AnnouncerBench"]),
        .library(name: "AnnouncerClient", targets: ["AnnouncerClient"]),
        .library(name: "AnnouncerEmbedded", targets: ["AnnouncerEmbedded"]),
        .library(name: "AnnouncerServer", targets: ["AnnouncerServer"]),
        .library(name: "AnnouncerVoices", targets: ["AnnouncerVoices"]),
        .library(name: "AnnouncerFlows", targets: ["AnnouncerFlows"]),
        // For the fuzz harnesses in Fuzz/, which drive the protocol parsers directly.
        .library(name: "AnnouncerProtocol", targets: ["AnnouncerProtocol"]),
        // For the FuzzSSML harness in Fuzz/, which reads client-sent SSML.
        .library(name: "SSMLReading", targets: ["SSMLReading"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // Already in the graph through swift-nio; named here, as the one errno and EINTR funnel.
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
    ],
    targets: [
        // The pure-Swift core: announcements, the live-region queue and its policy, and the event
        // timeline. Values and state machines only: no C imports, no threads.
        .target(
            name: "AnnouncerCore",
            dependencies: [.product(name: "DequeModule", package: "swift-collections")],
            swiftSettings: swiftSettings
        ),

        // BlockingQueue: the one hand-off of values between plain threads, for the modules that run their own.
        .target(name: "Blocking", dependencies: [.product(name: "DequeModule", package: "swift-collections")], swiftSettings: swiftSettings),

        // libespeak-ng, wrapped once (ESpeak), behind the C-free synthesis machinery that runs it on a thread
        // or in a supervised worker (Speech). Only the programs that synthesize link it: announce and
        // announcer-synth; announcerd learns eSpeak's voices from its worker.
        // From Debian's libespeak-ng-dev (scripts/install-deps). Its module map links nothing: see `linksESpeak`.
        .systemLibrary(name: "CEspeakNG"),
        .target(name: "Speech", dependencies: ["Blocking", "Spawning"], swiftSettings: swiftSettings),
        .target(name: "ESpeak", dependencies: ["Speech", "CEspeakNG"], swiftSettings: swiftSettings),
        // pcaudiolib's entry points with no device behind them, for the worker's static eSpeak NG, which
        // never plays audio itself: it spares each worker PulseAudio's client libraries and a connection.
        .target(name: "CNoAudioDevice"),

        // libasound2, wrapped once, beside the sinks that need no C.
        .systemLibrary(
            name: "CALSA",
            pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]
        ),
        .target(name: "Audio", dependencies: ["CALSA", "Spawning"], swiftSettings: swiftSettings),

        // Ducking: other audio lowered while announcer speaks. What to lower and give back is pure Swift
        // (Ducking, with announcerd's end of it); libpulse, wrapped once (CPulseAudio, PulseAudio), is
        // linked only into the ducker, announcer-duck, which announcerd starts for --duck, so that
        // announcerd itself never loads PulseAudio's client libraries.
        .target(name: "Ducking", dependencies: ["AnnouncerCore", "Spawning"], swiftSettings: swiftSettings),
        // From Debian's libpulse-dev (scripts/install-deps); PipeWire serves it through pipewire-pulse.
        // No pkgConfig: libpulse.pc asks for -pthread, which SwiftPM refuses with a warning; the headers are in /usr/include.
        .systemLibrary(name: "CPulseAudio"),
        .target(name: "PulseAudio", dependencies: ["CPulseAudio", "Ducking"], swiftSettings: swiftSettings),

        // Sound icons (Speech Dispatcher's SOUND_ICON, Emacspeak's auditory icons, SSML's <audio>): WAV files
        // found by name in the sound-icon folders, decoded and resampled for the speech stream.
        .target(name: "SoundIcons", dependencies: ["Audio"], swiftSettings: swiftSettings),

        // Voice profiles (Voices/*.yaml): eSpeak voice and defaults, the server's own words, and the
        // tables that prepare text before synthesis: normalization, lexicon, spelling, punctuation.
        .target(
            name: "AnnouncerVoices",
            dependencies: ["AnnouncerCore", "Spawning", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),

        // Flows (Flows/*.yaml, docs/FLOWS.md): app screens with their semantics and steps, the phrases a
        // screen reader composes, the lint, and the session that plays them. Pure Swift: it speaks through
        // whatever `FlowSpeaker` it is given.
        .target(
            name: "AnnouncerFlows",
            dependencies: ["AnnouncerCore", "AnnouncerVoices", "JSONLineEncoding", "Spawning"],
            swiftSettings: swiftSettings
        ),

        // One compact line of JSON with its keys in the order they were encoded, for the wire types,
        // the timeline files and the reports; and milliseconds written as the timeline writes them.
        .target(name: "JSONLineEncoding", swiftSettings: swiftSettings),

        // Chrome's DevTools protocol, modelled as Codable messages: commands, answers and events, and nothing else.
        .target(name: "DevToolsProtocol", swiftSettings: swiftSettings),

        // Real pages in headless Chromium, over its DevTools pipe: the browser, a page, and the page as
        // a screen reader meets it (its accessibility tree, colours and Tab order), read into flows.
        .target(
            name: "AnnouncerWeb",
            dependencies: ["DevToolsProtocol", "AnnouncerFlows", "AnnouncerVoices", "AnnouncerCore", "Spawning"],
            swiftSettings: swiftSettings
        ),

        // libXtst, wrapped once (CXTest): key presses sent at the X level, as a keyboard sends them, so a
        // real screen reader on a private X display hears them as a user's.
        .systemLibrary(name: "CXTest", pkgConfig: "xtst", providers: [.apt(["libxtst-dev", "libx11-dev"])]),
        .target(name: "XKeyboard", dependencies: ["CXTest"], swiftSettings: swiftSettings),

        // The POSIX funnel: starting programs over posix_spawn, with every other descriptor closed in the
        // child, pipes that close on exec, and system calls retried on EINTR (swift-system's descriptors,
        // and the calls it lacks). CSpawning holds the glibc extensions Swift's Glibc module leaves out.
        .target(name: "CSpawning"),
        .target(
            name: "Spawning",
            dependencies: ["CSpawning", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: swiftSettings
        ),

        // A real screen reader in the loop: a private desktop (Xvfb, D-Bus, the accessibility bus, Orca,
        // Chromium) that announce starts and ends, with announcerd as Orca's speech server, keys sent
        // through XTest, and what Orca says captured with the key's, the request's and the first audio's times.
        .target(
            name: "ScreenReaderRig",
            dependencies: ["XKeyboard", "Spawning", "ATDriver", "AnnouncerWeb", "DevToolsProtocol", "AnnouncerClient", "AnnouncerProtocol", "AnnouncerCore", "JSONLineEncoding"],
            swiftSettings: swiftSettings
        ),

        // The W3C AT Driver protocol (w3c/at-driver) over SwiftNIO's WebSocket: sessions, settings, key
        // presses and captured output, for any backend that drives a real screen reader.
        .target(
            name: "ATDriver",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),

        // The Dispatch scheduler that runs the core's queue and tells a `Speaker` what to say, by a
        // `SchedulerClock`. No C imports: its tests run it with a fake speaker and a clock moved by hand.
        .target(
            name: "AnnouncerScheduling",
            dependencies: ["AnnouncerCore", .product(name: "DequeModule", package: "swift-collections")],
            swiftSettings: swiftSettings
        ),

        // The speaking path: the scheduler with the engine's speaker, the synthesis thread and the audio thread.
        .target(
            name: "AnnouncerEngine",
            dependencies: [
                "AnnouncerCore", "AnnouncerScheduling", "AnnouncerVoices", "Speech", "Audio", "Blocking", "SoundIcons",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),

        // The two wire protocols, JSON lines and SSIP, translated into the core's vocabulary, and the
        // Codable wire types that server, clients and tests share. Pure parsing and formatting: no
        // sockets, so every rule is tested without a server.
        .target(
            name: "AnnouncerProtocol",
            dependencies: ["AnnouncerCore", "JSONLineEncoding", "SSMLReading", .product(name: "DequeModule", package: "swift-collections")],
            swiftSettings: swiftSettings
        ),

        // SSML, as screen readers send it through Speech Dispatcher, read into the core's SpeechScript:
        // marks, pauses, sounds and runs of text in their styles. Pure Swift, no XML library: it reads
        // the subset clients send and speaks anything else as its text.
        .target(name: "SSMLReading", dependencies: ["AnnouncerCore"], swiftSettings: swiftSettings),

        // The server: SwiftNIO on a Unix domain socket, one shared engine.
        .target(
            name: "AnnouncerServer",
            dependencies: [
                "AnnouncerCore", "AnnouncerEngine", "AnnouncerScheduling", "AnnouncerProtocol", "AnnouncerVoices", "JSONLineEncoding", "SoundIcons",
                "Spawning", "Blocking",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),

        // How `announce` reaches a running server, and the speech destinations the bench and flows speak
        // through: that server, or an engine inside this process.
        .target(
            name: "AnnouncerClient",
            dependencies: [
                "AnnouncerCore", "AnnouncerProtocol", "JSONLineEncoding", "Blocking",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),

        // The client's destinations served by an engine inside the program, apart from the client
        // library so that a program that only talks to the server links neither eSpeak NG's worker nor ALSA.
        .target(
            name: "AnnouncerEmbedded",
            dependencies: ["AnnouncerClient", "AnnouncerEngine", "AnnouncerProtocol", "AnnouncerCore"],
            swiftSettings: swiftSettings
        ),

        // The latency scenarios, their runner and the table `announce bench` prints. The one copy of the
        // scenarios: Benchmarks/ registers its latency benchmarks from them.
        .target(
            name: "AnnouncerBench",
            dependencies: [
                "AnnouncerCore", "AnnouncerEngine", "AnnouncerClient", "AnnouncerEmbedded", "AnnouncerProtocol", "JSONLineEncoding", "Blocking",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: swiftSettings
        ),

        // What the executables parse and print: engine options, plain log lines, one-sentence failures,
        // the timeline as JSON lines or sentences, the pipe's line syntax and the spoken demo.
        .target(
            name: "AnnouncerCommandLine",
            dependencies: [
                "AnnouncerEngine", "AnnouncerVoices", "AnnouncerCore", "AnnouncerProtocol", "Audio", "SoundIcons", "Speech", "Spawning",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),

        // The synthesis worker process: thin; the loop is SynthesisWorkerMain in Speech.
        .executableTarget(
            name: "announcer-synth", dependencies: ["Speech", "ESpeak", "CNoAudioDevice"], exclude: ["announcer-synth.order"],
            swiftSettings: leanReleaseSwiftSettings, linkerSettings: leanRelease(ordering: "announcer-synth") + linksStaticESpeak
        ),

        // The ducker, which announcerd starts for --duck: thin; the decisions are Ducking's.
        .executableTarget(
            name: "announcer-duck", dependencies: ["Ducking", "PulseAudio", "Spawning"],
            swiftSettings: leanReleaseSwiftSettings, linkerSettings: leanRelease
        ),

        .executableTarget(
            name: "announcerd",
            dependencies: [
                "AnnouncerServer", "AnnouncerEngine", "AnnouncerVoices", "AnnouncerCommandLine", "AnnouncerProtocol", "Ducking", "Blocking",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            exclude: ["announcerd.order"],
            swiftSettings: leanReleaseSwiftSettings,
            linkerSettings: leanRelease(ordering: "announcerd")
        ),

        // `announce`'s commands, in a library so that tests run them in their own process
        // (AnnounceCommandTests); the program itself is one line that calls them.
        .target(
            name: "AnnounceCommands",
            dependencies: [
                "AnnouncerEngine", "AnnouncerVoices", "AnnouncerFlows", "AnnouncerClient", "AnnouncerEmbedded", "AnnouncerCommandLine", "AnnouncerProtocol", "AnnouncerBench", "JSONLineEncoding", "AnnouncerWeb", "ESpeak", "Speech", "ScreenReaderRig", "ATDriver", "Blocking",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: leanReleaseSwiftSettings,
            linkerSettings: linksESpeak
        ),
        .executableTarget(
            name: "announce",
            dependencies: ["AnnounceCommands"],
            swiftSettings: leanReleaseSwiftSettings,
            linkerSettings: leanRelease + linksESpeak
        ),

        .testTarget(name: "AnnouncerCoreTests", dependencies: ["AnnouncerCore"]),
        .testTarget(name: "DuckingTests", dependencies: ["Ducking", "AnnouncerCore"]),
        .testTarget(name: "BlockingTests", dependencies: ["Blocking"]),
        .testTarget(name: "AnnouncerCommandLineTests", dependencies: ["AnnouncerCommandLine", "AnnouncerProtocol", "AnnouncerCore", "JSONLineEncoding", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "SpeechTests", dependencies: ["Speech", "ESpeak"], linkerSettings: linksESpeak),
        .testTarget(name: "AudioTests", dependencies: ["Audio"]),
        .testTarget(name: "SoundIconsTests", dependencies: ["SoundIcons"]),
        .testTarget(name: "AnnouncerVoicesTests", dependencies: ["AnnouncerVoices", "AnnouncerCore", "Speech", "ESpeak", "TestSupport"], linkerSettings: linksESpeak),
        .testTarget(name: "AnnouncerFlowsTests", dependencies: ["AnnouncerFlows", "AnnouncerVoices", "AnnouncerCore"]),
        .testTarget(
            name: "AnnouncerEngineTests",
            // ESpeak: the language-switching test runs the pipeline on eSpeak NG in the test's own process.
            dependencies: ["AnnouncerEngine", "AnnouncerScheduling", "AnnouncerCore", "AnnouncerVoices", "Speech", "Audio", "ESpeak", "TestSupport", "SeamTestSupport"],
            linkerSettings: linksESpeak
        ),
        // The scheduler with a fake speaker and a clock moved by hand: no process, no eSpeak, no ALSA.
        .testTarget(name: "AnnouncerSchedulingTests", dependencies: ["AnnouncerScheduling", "AnnouncerCore", "SeamTestSupport"]),
        // The engine with a fake synthesizer, a fake sink and a clock moved by hand: no process, no eSpeak.
        .testTarget(
            name: "AnnouncerEngineSeamTests",
            dependencies: [
                "AnnouncerEngine", "AnnouncerScheduling", "AnnouncerCore", "AnnouncerVoices", "Speech", "Audio", "SoundIcons", "SeamTestSupport",
                "AnnouncerClient", "AnnouncerEmbedded", "AnnouncerProtocol", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The server's own logic over its socket, in the test's process: announcerd's AnnouncementServer
        // on the fake engine, talked to as clients do, and announcerd's command line, only parsed. No
        // process, no eSpeak, no device.
        .testTarget(
            name: "AnnouncerServerSeamTests",
            dependencies: [
                "announcerd", "AnnouncerServer", "AnnouncerEngine", "AnnouncerCore", "AnnouncerProtocol", "AnnouncerCommandLine", "Audio",
                "SeamTestSupport", "ServerSeamSupport", "SoundIcons", "TestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `announce`'s commands run in the test's own process, against an `InProcessServer`: no process,
        // no eSpeak, no device. EndToEndTests keeps one real run of the program for each.
        .testTarget(
            name: "AnnounceCommandTests",
            dependencies: [
                "AnnounceCommands", "AnnouncerCommandLine", "AnnouncerCore", "AnnouncerProtocol", "AnnouncerClient", "AnnouncerServer",
                "AnnouncerVoices", "SeamTestSupport", "ServerSeamSupport", "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // announcerd's server inside the test's process, on the fake engine: what the server seam tests
        // and the command tests share.
        .target(
            name: "ServerSeamSupport",
            dependencies: [
                "AnnouncerServer", "AnnouncerEngine", "AnnouncerCore", "AnnouncerCommandLine", "AnnouncerVoices", "Audio", "SeamTestSupport",
                "SoundIcons", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/ServerSeamSupport"
        ),
        // What the seam tests share: the clock moved by hand, a locked value, the fake synthesizer and sink.
        .target(name: "SeamTestSupport", dependencies: ["AnnouncerScheduling", "AnnouncerCore", "Speech", "Audio"], path: "Tests/SeamTestSupport"),
        .testTarget(name: "AnnouncerProtocolTests", dependencies: ["AnnouncerProtocol", "AnnouncerCore"]),
        .testTarget(name: "SSMLReadingTests", dependencies: ["SSMLReading", "AnnouncerCore"]),
        .testTarget(
            name: "ATDriverTests",
            dependencies: [
                "ATDriver",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "ScreenReaderRigTests", dependencies: ["ScreenReaderRig", "XKeyboard"]),
        .testTarget(
            name: "AnnouncerBenchTests",
            dependencies: ["AnnouncerBench", "AnnouncerClient", "AnnouncerEmbedded", "AnnouncerCore", "AnnouncerEngine", "Audio", "SeamTestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        // The server's handlers and decoders on NIO's EmbeddedChannel: no process, no socket.
        .testTarget(
            name: "AnnouncerServerTests",
            dependencies: [
                "AnnouncerServer", "AnnouncerEngine", "AnnouncerProtocol", "AnnouncerCore", "Blocking", "Audio", "SeamTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOTestUtils", package: "swift-nio"),
            ]
        ),
        // Shared by the tests that need them: real announcerd and announce processes, a socket client,
        // a private PulseAudio server and a capture of what it played, the repository's paths.
        .target(
            name: "TestSupport",
            dependencies: ["AnnouncerClient", "AnnouncerProtocol", "AnnouncerCore", "Spawning", "Blocking"],
            path: "Tests/TestSupport"
        ),
        // The repository's files checked against each other: docs/ARCHITECTURE.md's diagram and layers
        // against Package.swift, the shipped Bokmål wording, the tests' own rules and their model of
        // Orca's marks. No process, no engine.
        .testTarget(name: "RepositoryTests", dependencies: ["TestSupport"]),
        // Every test that starts a process: announcerd, announce, or a real client (spd-say,
        // python3-speechd, Fenrir's driver), against the real engine and PulseAudio.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["announcerd", "announce", "announcer-duck", "TestSupport", "AnnouncerClient", "AnnouncerServer", "AnnouncerProtocol", "AnnouncerCore", "Spawning"]
        ),
    ]
)

// Each module's folder is Sources/LAYER/MODULE (TestSupport names its own, under Tests/).
for target in package.targets where target.type != .test && target.path == nil {
    guard let layer = layers.first(where: { $0.value.contains(target.name) })?.key else {
        fatalError("Package.swift: the module \(target.name) is in no layer; add it to `layers`.")
    }
    target.path = "Sources/\(layer)/\(target.name)"
}
