public import DevToolsProtocol
public import Foundation
import Glibc
import Synchronization

/// Headless Chromium, started by announce with `--remote-debugging-pipe`: DevTools commands go to it on
/// its file descriptor 3 and its answers and events come back on 4, as NUL-separated JSON, with no
/// WebSocket and no Node. It ends when `close()` is called, and by itself when announce ends, since
/// its pipe then closes.
public final class ChromiumBrowser: @unchecked Sendable {
    /// The browser's process.
    public let processID: pid_t
    private let commands: Int32
    private let answers: Int32
    private let profileFolder: String
    private let state = Mutex(State())
    private let ended = Atomic<Bool>(false)

    private struct State {
        var nextID = 1
        var waiting: [Int: Waiting] = [:]
        var listeners: [UUID: @Sendable (String, String?, Data) -> Void] = [:]
    }

    private final class Waiting: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var answer: Data?
        var failure: DevToolsFailure?
    }

    /// The Chromium to start: `ANNOUNCER_CHROMIUM`, or Debian's.
    public static func executable(environment: [String: String]) -> String? {
        if let named = environment["ANNOUNCER_CHROMIUM"] { return FileManager.default.isExecutableFile(atPath: named) ? named : nil }
        return ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts headless Chromium with a profile of its own, which is removed when it ends.
    public static func launch() throws(WebError) -> ChromiumBrowser {
        let environment = ProcessInfo.processInfo.environment
        guard let executable = executable(environment: environment) else {
            if let named = environment["ANNOUNCER_CHROMIUM"] { throw .chromiumFailedToStart("ANNOUNCER_CHROMIUM names \(named), which is not a program") }
            throw .chromiumMissing
        }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("announce-chromium-\(UUID().uuidString)").path
        do { try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true) } catch {
            throw .chromiumFailedToStart("its profile folder could not be made")
        }
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0 else {
            try? FileManager.default.removeItem(atPath: profile)
            throw .chromiumFailedToStart("no pipe could be made")
        }
        guard pipe(&fromBrowser) == 0 else {
            toBrowser.forEach { Glibc.close($0) }
            try? FileManager.default.removeItem(atPath: profile)
            throw .chromiumFailedToStart("no pipe could be made")
        }
        // A browser that has gone makes a write to its pipe fail with EPIPE, not end announce by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        // Only the ends dup'd to 3 and 4 reach Chromium; announce's own ends must not leak into it.
        for descriptor in toBrowser + fromBrowser { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let arguments = [
            executable, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--no-first-run", "--no-default-browser-check", "--disable-breakpad", "--disable-crash-reporter", "--mute-audio", "--disable-extensions", "--disable-background-networking",
            "--force-renderer-accessibility", "--user-data-dir=\(profile)", "about:blank",
        ]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "\(profile)/chromium.log", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Signals announce ignores while it handles Ctrl-C itself are not Chromium's to ignore.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // A process group of its own: Ctrl-C at the terminal reaches announce, which then closes Chromium in order.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        Glibc.close(toBrowser[0])
        Glibc.close(fromBrowser[1])
        guard status == 0 else {
            Glibc.close(toBrowser[1])
            Glibc.close(fromBrowser[0])
            try? FileManager.default.removeItem(atPath: profile)
            throw .chromiumFailedToStart(String(cString: strerror(status)))
        }
        return ChromiumBrowser(processID: pid, commands: toBrowser[1], answers: fromBrowser[0], profileFolder: profile)
    }

    private init(processID: pid_t, commands: Int32, answers: Int32, profileFolder: String) {
        self.processID = processID
        self.commands = commands
        self.answers = answers
        self.profileFolder = profileFolder
        let thread = Thread { [self] in readAnswers() }
        thread.name = "chromium-answers"
        thread.start()
    }

    /// Sends a command and waits for its answer.
    public func send<Command: DevToolsCommand>(_ command: Command, session: String? = nil, timeout: Duration = .seconds(30)) throws(WebError) -> Command.Response {
        let waiting = Waiting()
        // Registered under the lock the reading thread clears the waiting list under, so a browser that
        // has just ended is seen here or signals this waiter.
        let id: Int? = state.withLock { state in
            guard !ended.load(ordering: .acquiring) else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.waiting[id] = waiting
            return id
        }
        guard let id else { throw .browserEnded }
        defer { _ = state.withLock { $0.waiting.removeValue(forKey: id) } }
        let message: Data
        do { message = try JSONEncoder().encode(OutgoingCommand(id: id, params: command, sessionId: session)) } catch {
            throw .refused(method: Command.method, message: "it could not be encoded")
        }
        guard write(message + [0]) else { throw .browserEnded }
        let deadline = DispatchTime.now() + .microseconds(Int(timeout.components.seconds * 1_000_000 + timeout.components.attoseconds / 1_000_000_000_000))
        guard waiting.done.wait(timeout: deadline) == .success else { throw .timedOut(method: Command.method) }
        if let failure = waiting.failure { throw .refused(method: Command.method, message: failure.message) }
        guard let answer = waiting.answer else { throw .browserEnded }
        do { return try JSONDecoder().decode(IncomingResult<Command.Response>.self, from: answer).result } catch {
            throw .refused(method: Command.method, message: "its answer could not be read (\(error))")
        }
    }

    /// Calls `listener` with each event's method, session and whole message, on the reading thread.
    @discardableResult
    public func listen(_ listener: @escaping @Sendable (_ method: String, _ session: String?, _ message: Data) -> Void) -> UUID {
        let key = UUID()
        state.withLock { $0.listeners[key] = listener }
        return key
    }

    public func stopListening(_ key: UUID) {
        _ = state.withLock { $0.listeners.removeValue(forKey: key) }
    }

    /// Asks Chromium to close, and ends it if it does not within two seconds; removes its profile.
    public func close() {
        if !ended.load(ordering: .acquiring) {
            _ = try? send(Target.CloseBrowser(), timeout: .seconds(2))
        }
        Glibc.close(commands)
        var status: Int32 = 0
        var waited = 0
        while waitpid(processID, &status, WNOHANG) == 0 {
            if waited >= 200 {
                kill(processID, SIGKILL)
                waitpid(processID, &status, 0)
                break
            }
            usleep(10_000)
            waited += 1
        }
        try? FileManager.default.removeItem(atPath: profileFolder)
    }

    private func write(_ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(commands, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Reads answers and events until the browser closes its end.
    private func readAnswers() {
        var pending = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(answers, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            pending.append(contentsOf: buffer[0..<count])
            while let end = pending.firstIndex(of: 0) {
                let message = pending[pending.startIndex..<end]
                pending = Data(pending[(end + 1)...])
                deliver(Data(message))
            }
        }
        Glibc.close(answers)
        let waiting = state.withLock { state in
            ended.store(true, ordering: .releasing)
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        for entry in waiting { entry.done.signal() }
    }

    private func deliver(_ message: Data) {
        guard let envelope = try? JSONDecoder().decode(IncomingEnvelope.self, from: message) else { return }
        if let id = envelope.id {
            guard let waiting = state.withLock({ $0.waiting[id] }) else { return }
            waiting.answer = message
            waiting.failure = envelope.error
            waiting.done.signal()
        } else if let method = envelope.method {
            let listeners = state.withLock { Array($0.listeners.values) }
            for listener in listeners { listener(method, envelope.sessionId, message) }
        }
    }
}
