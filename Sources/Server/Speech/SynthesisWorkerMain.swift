import Blocking
import Glibc
import Synchronization

/// The synthesis worker's side: the whole of the `announcer-synth` process. It starts eSpeak NG,
/// says ready with the voices it has, then synthesizes each request from stdin and streams its PCM to stdout.
/// If eSpeak crashes or hangs, only this process goes; the server that supervises it starts another.
/// A crash of its own is noted to the server first (`noteOwnFault`), so a kill from outside is not blamed on the text.
public enum SynthesisWorkerMain {
    /// The argument with which the supervisor says that descriptor 3 is the pipe for fault notes.
    public static let faultNoteArgument = "--fault-notes-on-fd-3"
    /// The worker's end of the fault-note pipe; a literal in `noteOwnFault`, which may read no Swift global.
    static let faultNoteDescriptor: Int32 = 3

    /// Runs until stdin closes, with the engine `start` makes (`ESpeakEngine.init`); never returns.
    public static func run(starting start: SynthesisEngineStart) -> Never {
        if CommandLine.arguments.dropFirst().contains(faultNoteArgument) { installFaultNotes() }
        let channel = FrameChannel(input: STDIN_FILENO, output: STDOUT_FILENO)
        let engine: any SynthesisEngine
        do throws(SpeechError) {
            engine = try start()
        } catch {
            let line = Array("announcer-synth: \(error.description)\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            exit(1)
        }
        guard channel.write(.ready(sampleRate: engine.sampleRate, catalog: engine.catalog)) else { exit(0) }

        // A reader thread takes frames off stdin while the main thread synthesizes, so a cancel
        // reaches the synthesis callback at once: each request read has its cancellation until it ends.
        let requests = BlockingQueue<(WorkerRequest, SynthesisCancellation)>()
        let unfinished = Mutex<[UInt32: SynthesisCancellation]>([:])
        DedicatedThread.start(name: "announcer-synth.reader") {
            while true {
                switch channel.read() {
                case let .success(.synthesize(request)):
                    let cancellation = SynthesisCancellation()
                    unfinished.withLock { $0[request.id] = cancellation }
                    requests.append((request, cancellation))
                case let .success(.cancel(id)): unfinished.withLock { $0[id] }?.cancel()
                case .success: continue
                case .failure: requests.close()
                    return
                }
            }
        }

        while case let (request, cancellation)? = requests.take() {
            let id = request.id
            defer { unfinished.withLock { _ = $0.removeValue(forKey: id) } }
            if cancellation.isCancelled {
                channel.write(.end(id: id, .aborted))
                continue
            }
            let synthesis = SynthesisRequest(
                text: request.text, voice: request.voice, rate: request.rate, pitch: request.pitch, volume: request.volume,
                isMarkup: request.isMarkup)
            let pipe = WorkerPipe(channel: channel, id: id, cancellation: cancellation)
            let end: WorkerEnd = switch engine.synthesize(synthesis, cancellation: cancellation, to: pipe) {
            case .completed: .completed
            case .aborted: .aborted
            case let .failed(error): .failed(error.description)
            }
            guard channel.write(.end(id: id, end)) else { break }
        }
        exit(0)
    }
}

/// Has `noteOwnFault` run on each signal a crash raises (SIGTRAP too: a Swift trap on arm64 raises it).
private func installFaultNotes() {
    for signal in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = noteOwnFault
        action.sa_flags = SA_SIGINFO | Int32(bitPattern: UInt32(SA_RESETHAND))
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }
}

/// The fatal-signal handler: tells the supervisor, with one byte on descriptor 3, that this process dies
/// of a fault of its own, so that only then is the text it was synthesizing blamed. A fault is a signal
/// the kernel raised (a bad address, an illegal instruction: `si_code` > 0) or one this process sent
/// itself (`abort()`, as glibc's "stack smashing detected" does: `si_pid` is its own). The same signals
/// sent from outside with kill() carry the sender's pid and `si_code` ≤ 0, and are not noted.
/// Then the signal is raised again: `SA_RESETHAND` restored its default, so the process ends with it, as
/// it would have without the handler. Async-signal-safe: getpid, write and raise only, no Swift runtime.
private func noteOwnFault(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    if let info, info.pointee.si_code > 0 || info.pointee._sifields._kill.si_pid == getpid() {
        var note: UInt8 = 1
        _ = write(3, &note, 1)
    }
    raise(signal)
}
