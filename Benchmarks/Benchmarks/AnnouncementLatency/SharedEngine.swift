import AnnouncerCore
import AnnouncerEngine
import Foundation
import Logging

/// The one speech engine of this process, started on first use with the sink its benchmark names.
///
/// eSpeak NG runs on one thread shared by the whole process, so there is one engine per process.
/// The benchmark tool starts a new process for each benchmark, so each benchmark gets an engine
/// with its own sink. Asking for a second, different sink in one process fails the run.
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
    // Set in each benchmark's setup just before it makes or takes its engine; benchmarks run one at a time.
    nonisolated(unsafe) static var inProcess = false

    static var placement: SpeechEngine.SynthesisPlacement {
        if inProcess { return .inProcess }
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

    private static let started = Locked<(sink: BenchmarkSink, engine: SpeechEngine, residentBefore: Int)?>(nil)

    /// The engine, started now if this is the first call. Ends the process, which fails the run,
    /// if the engine does not start or another sink was asked for before.
    static func engine(for sink: BenchmarkSink) -> SpeechEngine {
        started.withLock { started in
            if let started {
                guard started.sink == sink else {
                    print("FAILED: one process asked for engines on two sinks, \(started.sink.label) and \(sink.label).")
                    exit(1)
                }
                return started.engine
            }
            let residentBefore = ResidentMemory.bytes()
            var logger = Logger(label: "announcer.benchmarks")
            logger.logLevel = .warning
            do {
                let engine = try SpeechEngine(sink: sink.spec, policy: policy, synthesis: placement, logger: logger)
                engine.scheduler.addObserver(firstAudioWaiter)
                started = (sink, engine, residentBefore)
                return engine
            } catch {
                // Nothing can be measured; end the process now, which fails the run.
                print("FAILED: the speech engine did not start on the \(sink.label): \(error)")
                exit(1)
            }
        }
    }
}

/// Hears the first audio of the announcement a latency benchmark is waiting for.
let firstAudioWaiter = FirstAudioWaiter()
