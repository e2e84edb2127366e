import AnnouncerClient
import AnnouncerEmbedded
import AnnouncerCore
import AnnouncerEngine
import ESpeak
import Foundation
import Logging
import Synchronization

/// The engine a benchmark runs on: its sink, and where eSpeak runs.
struct EngineChoice: Equatable, Sendable {
    var sink: BenchmarkSink
    /// eSpeak on a thread of this process instead of the supervised worker, to measure the worker's hop.
    var eSpeakInProcess = false

    var label: String { sink.label + (eSpeakInProcess ? " with eSpeak in this process" : "") }
}

/// The one speech engine of this process, started on first use as its benchmark chooses.
///
/// eSpeak NG runs on one thread shared by the whole process, so there is one engine per process.
/// The benchmark tool starts a new process for each benchmark, so each benchmark gets an engine
/// of its own choice. Asking for a second, different engine in one process fails the run.
enum SharedEngine {
    /// The policy every benchmark engine uses: the standard one with two changes.
    ///
    /// No duplicate window: every latency round says the same words, and under the standard policy an
    /// interrupted announcement counts as "just said" for a second, so the next round's copy would be
    /// dropped as a duplicate. Room for 10,000 waiting polite announcements instead of 1,000, so that
    /// benchmarks can hold ten thousand waiting.
    static let policy = LiveRegionPolicy(duplicateWindow: .zero, maxWaitingPolite: 10_000)

    /// Where eSpeak runs in this benchmark process: in the supervised worker, as in announcerd, unless
    /// the benchmark asks for it in-process. The worker is `$ANNOUNCER_SYNTH_WORKER`, else the one
    /// `swift build -c release --product announcer-synth` put in the announcer package's build folder.
    private static func placement(eSpeakInProcess: Bool) -> SpeechEngine.SynthesisPlacement {
        if eSpeakInProcess { return .inProcess(ESpeakEngine.start) }
        let built = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/release/announcer-synth").path
        let executable = ProcessInfo.processInfo.environment["ANNOUNCER_SYNTH_WORKER"] ?? built
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            print("FAILED: the synthesis worker \(executable) is not built; run swift build -c release --product announcer-synth in the announcer folder first.")
            exit(1)
        }
        return .worker(executable: executable)
    }

    /// Resident memory just before the engine started, in bytes; nil until then.
    static var residentBytesBeforeStart: Int? { started.withLock { $0?.residentBefore } }

    private struct Started {
        var choice: EngineChoice
        var engine: SpeechEngine
        /// The engine as a speech destination, as the bench library's scenarios speak to it; made for the
        /// latency benchmarks only, since its timeline keeps every event, which would count in the memory figures.
        var destination: EmbeddedDestination?
        var residentBefore: Int
    }

    private static let started = Mutex<Started?>(nil)

    /// The engine, started now if this is the first call. Ends the process, which fails the run,
    /// if the engine does not start or another engine was asked for before.
    static func engine(for choice: EngineChoice) -> SpeechEngine {
        started.withLock { started in start(choice, in: &started).engine }
    }

    /// The engine as a speech destination, started now if this is the first call.
    static func destination(for choice: EngineChoice) -> EmbeddedDestination {
        started.withLock { started in
            var running = start(choice, in: &started)
            if let destination = running.destination { return destination }
            let destination = EmbeddedDestination(engine: running.engine)
            running.destination = destination
            started = running
            return destination
        }
    }

    private static func start(_ choice: EngineChoice, in started: inout Started?) -> Started {
        if let started {
            guard started.choice == choice else {
                print("FAILED: one process asked for two engines, on the \(started.choice.label) and on the \(choice.label).")
                exit(1)
            }
            return started
        }
        let residentBefore = ResidentMemory.bytes()
        var logger = Logger(label: "announcer.benchmarks")
        logger.logLevel = .warning
        do {
            let engine = try SpeechEngine(
                sink: choice.sink.spec, policy: policy, synthesis: placement(eSpeakInProcess: choice.eSpeakInProcess), logger: logger)
            let new = Started(choice: choice, engine: engine, residentBefore: residentBefore)
            started = new
            return new
        } catch {
            // Nothing can be measured; end the process now, which fails the run.
            print("FAILED: the speech engine did not start on the \(choice.label): \(error)")
            exit(1)
        }
    }
}
