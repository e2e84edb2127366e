import Dispatch
import Foundation
import Synchronization

/// The synthesis worker's side: the whole of the `announcer-synth` process. It starts eSpeak NG,
/// says ready, then synthesizes each request from stdin and streams its PCM to stdout.
/// If eSpeak crashes or hangs, only this process goes; the server that supervises it starts another.
public enum SynthesisWorkerMain {
    /// Runs until stdin closes; never returns.
    public static func run() -> Never {
        let channel = FrameChannel(input: STDIN_FILENO, output: STDOUT_FILENO)
        let engine: ESpeakEngine
        do throws(SpeechError) {
            engine = try ESpeakEngine()
        } catch {
            FileHandle.standardError.write(Data("announcer-synth: \(error.description)\n".utf8))
            exit(1)
        }
        guard channel.write(.ready(sampleRate: engine.sampleRate)) else { exit(0) }

        // A reader thread takes frames off stdin while the main thread synthesizes, so a cancel
        // reaches the synthesis callback at once.
        let requests = WorkerInbox()
        let cancelled = Atomic<UInt32>(0)
        let reader = Thread {
            while true {
                switch channel.read(timeout: nil) {
                case let .success(.synthesize(request)): requests.put(request)
                case let .success(.cancel(id)): cancelled.store(id, ordering: .releasing)
                case .success: continue
                case .failure: requests.close()
                    return
                }
            }
        }
        reader.name = "announcer-synth.reader"
        reader.start()

        while let request = requests.take() {
            let id = request.id
            if cancelled.load(ordering: .acquiring) == id {
                channel.write(.end(id: id, .aborted))
                continue
            }
            let synthesis = SynthesisRequest(
                text: request.text, voice: request.voice, rate: request.rate, pitch: request.pitch, volume: request.volume,
                deliver: { chunk in
                    guard cancelled.load(ordering: .acquiring) != id else { return false }
                    return channel.write(.audio(id: id, samples: Array(chunk)))
                },
                finish: { _ in }
            )
            let end: WorkerEnd = switch engine.synthesize(synthesis) {
            case .completed: .completed
            case .aborted: .aborted
            case let .failed(error): .failed(error.description)
            }
            guard channel.write(.end(id: id, end)) else { break }
        }
        exit(0)
    }
}

/// The worker's queue of requests, filled by its reader thread.
private final class WorkerInbox: Sendable {
    private let state = Mutex<(requests: [WorkerRequest], closed: Bool)>(([], false))
    private let available = DispatchSemaphore(value: 0)

    func put(_ request: WorkerRequest) {
        state.withLock { $0.requests.append(request) }
        available.signal()
    }

    func close() {
        state.withLock { $0.closed = true }
        available.signal()
    }

    /// The next request; nil once stdin closed and nothing is left.
    func take() -> WorkerRequest? {
        while true {
            available.wait()
            let next: WorkerRequest?? = state.withLock { state in
                if !state.requests.isEmpty { return .some(state.requests.removeFirst()) }
                return state.closed ? .some(nil) : nil
            }
            if let next {
                if next == nil { available.signal() }
                return next
            }
        }
    }
}
