public import AnnouncerCore
import Glibc
import Spawning
import Synchronization

/// announcerd's end of ducking: it watches the timeline for what is heard and tells its ducker, the
/// program `announcer-duck` that it starts beside itself, when speech begins and when the last of it
/// ends. The ducker alone links libpulse, so announcerd's memory does not grow when ducking is off.
///
/// The ducker reads these lines on a pipe: when announcerd ends in any way, the pipe closes and the
/// ducker gives every stream its volume back. A ducker that ended is started again at the next change
/// (at most `maxStarts` times), and it gives back what the last one left lowered.
public final class DuckerLink: TimelineObserver {
    /// What the ducker is started with.
    public struct Settings: Sendable {
        public var executable: String
        public var decibels: Double
        public var holdMilliseconds: Int
        /// Where the ducker keeps its state file.
        public var stateFolder: String

        public init(executable: String, decibels: Double, holdMilliseconds: Int, stateFolder: String) {
            self.executable = executable
            self.decibels = decibels
            self.holdMilliseconds = holdMilliseconds
            self.stateFolder = stateFolder
        }
    }

    /// How many times a ducker is started in all: the first, and two after it ended.
    static let maxStarts = 3

    private struct State {
        var speaking: Set<AnnouncementID> = []
        var writeEnd: Int32 = -1
        var pid: pid_t?
        var starts = 0
    }

    private let settings: Settings
    private let log: @Sendable (String) -> Void
    private let state = Mutex(State())

    /// Starts the ducker; `log` hears one sentence when it cannot be started or has ended.
    public init(settings: Settings, log: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        self.log = log
        state.withLock { start(&$0) }
    }

    /// `announcer-duck` beside this program; nil when it is not there.
    public static func besideThisProgram() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let own = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let path = (own.lastIndex(of: "/").map { String(own[..<$0]) } ?? ".") + "/announcer-duck"
        return access(path, X_OK) == 0 ? path : nil
    }

    public func record(_ event: TimelineEvent) {
        let id = event.announcement.id
        state.withLock { state in
            let wasSpeaking = !state.speaking.isEmpty
            switch event.kind {
            case .firstAudio, .resumed: state.speaking.insert(id)
            case .ended, .paused: state.speaking.remove(id)
            default: return
            }
            let isSpeaking = !state.speaking.isEmpty
            guard isSpeaking != wasSpeaking else { return }
            send(isSpeaking ? .speaking : .quiet, &state)
        }
    }

    /// Writes `line` to the ducker, starting it again first when it has ended. Never blocks: the pipe
    /// is non-blocking, and a ducker too slow to read two words is not waited for.
    private func send(_ line: SpeakingLine, _ state: inout State) {
        for _ in 0..<2 {
            guard state.writeEnd >= 0 else { return }
            let written = Array(line.line.utf8).withUnsafeBytes { Glibc.write(state.writeEnd, $0.baseAddress, $0.count) }
            if written >= 0 || errno != EPIPE { return }
            // The ducker has ended: its successor starts from the state file and hears the line again.
            close(state.writeEnd)
            state.writeEnd = -1
            if let pid = state.pid, let status = ChildStatus.ifEnded(pid) {
                log("The ducker ended \(status), so it is started again.")
            }
            state.pid = nil
            start(&state)
        }
    }

    private func start(_ state: inout State) {
        guard state.starts < Self.maxStarts else {
            if state.starts == Self.maxStarts {
                log("The ducker has ended \(Self.maxStarts) times, so other audio is no longer lowered while announcer speaks.")
                state.starts += 1
            }
            return
        }
        state.starts += 1
        guard let pipe = ChildProcess.pipe() else {
            log("The ducker could not be started: no pipe could be made.")
            return
        }
        var child = ChildProcess(executable: settings.executable, arguments: [
            "--decibels", "\(settings.decibels)", "--hold", "\(settings.holdMilliseconds)",
            "--exempt-pid", "\(getpid())", "--state-folder", settings.stateFolder,
        ])
        child.standardInput = .descriptor(pipe.reading)
        child.standardError = .descriptor(STDERR_FILENO)
        // Its own group: a Control-C in announcerd's terminal reaches announcerd, whose end closes the pipe.
        child.group = .new
        do throws(SpawnError) {
            state.pid = try child.spawn()
            close(pipe.reading)
            _ = fcntl(pipe.writing, F_SETFL, fcntl(pipe.writing, F_GETFL) | O_NONBLOCK)
            state.writeEnd = pipe.writing
        } catch {
            close(pipe.reading)
            close(pipe.writing)
            log("Other audio is not lowered while announcer speaks: \(error)")
        }
    }
}
