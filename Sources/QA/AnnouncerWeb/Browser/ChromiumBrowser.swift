public import DevToolsProtocol
public import Foundation
import Glibc
import Spawning
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

    /// Where Chromium shows its window, and what else it is given.
    public struct Display: Sendable {
        /// The X display for a real window; nil for headless.
        public var xDisplay: String?
        /// Its whole environment; nil for announce's own.
        public var environment: [String: String]?
        /// The process group it joins; nil for a new one of its own.
        public var processGroup: pid_t?

        public init(xDisplay: String? = nil, environment: [String: String]? = nil, processGroup: pid_t? = nil) {
            self.xDisplay = xDisplay
            self.environment = environment
            self.processGroup = processGroup
        }

        /// Headless, in a process group of its own.
        public static let headless = Display()
    }

    /// Starts Chromium, headless unless `display` names an X display, with a profile of its own, which is
    /// removed when it ends.
    public static func launch(_ display: Display = .headless) throws(WebError) -> ChromiumBrowser {
        let environment = ProcessInfo.processInfo.environment
        guard let executable = executable(environment: environment) else {
            if let named = environment["ANNOUNCER_CHROMIUM"] { throw .chromiumFailedToStart("ANNOUNCER_CHROMIUM names \(named), which is not a program") }
            throw .chromiumMissing
        }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("announce-chromium-\(UUID().uuidString)").path
        do { try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true) } catch {
            throw .chromiumFailedToStart("its profile folder could not be made")
        }
        // Both close on exec: only the ends passed as 3 and 4 reach Chromium, and none leaks into another child.
        guard let commandPipe = ChildProcess.pipe() else {
            try? FileManager.default.removeItem(atPath: profile)
            throw .chromiumFailedToStart("no pipe could be made")
        }
        guard let answerPipe = ChildProcess.pipe() else {
            [commandPipe.reading, commandPipe.writing].forEach { Glibc.close($0) }
            try? FileManager.default.removeItem(atPath: profile)
            throw .chromiumFailedToStart("no pipe could be made")
        }
        let toBrowser = [commandPipe.reading, commandPipe.writing]
        let fromBrowser = [answerPipe.reading, answerPipe.writing]
        // A browser that has gone makes a write to its pipe fail with EPIPE, not end announce by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let shown: [String] = if let xDisplay = display.xDisplay {
            // A real window filling the screen, where a screen reader on that display reads it.
            // An app window (no toolbar, no address bar), so Tab moves through the page alone as it does once
            // a page has focus; --test-type keeps the infobar about --no-sandbox away, which a screen reader would read.
            ["--display=\(xDisplay)", "--window-position=0,0", "--window-size=1280,1024", "--start-maximized", "--disable-session-crashed-bubble",
             "--hide-crash-restore-bubble", "--test-type", "about:blank"]
        } else {
            ["--headless=new", "about:blank"]
        }
        let arguments = [
            "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--no-first-run", "--no-default-browser-check", "--disable-breakpad", "--disable-crash-reporter", "--mute-audio", "--disable-extensions", "--disable-background-networking",
            "--force-renderer-accessibility", "--user-data-dir=\(profile)",
        ] + shown
        var child = ChildProcess(executable: executable, arguments: arguments, environment: display.environment)
        child.standardOutput = .null
        child.standardError = .appending("\(profile)/chromium.log")
        child.passing = [3: toBrowser[0], 4: fromBrowser[1]]
        // A process group of its own (or the rig's): Ctrl-C at the terminal reaches announce, which then closes Chromium in order.
        child.group = display.processGroup.map { .joining($0) } ?? .new
        let pid: pid_t
        do throws(SpawnError) {
            pid = try child.spawn()
        } catch {
            for descriptor in toBrowser + fromBrowser { Glibc.close(descriptor) }
            try? FileManager.default.removeItem(atPath: profile)
            throw .chromiumFailedToStart(error.description)
        }
        Glibc.close(toBrowser[0])
        Glibc.close(fromBrowser[1])
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

    /// The browser's version, such as `156.0.8078.108`.
    public func version() throws(WebError) -> String {
        let product = try send(Target.GetVersion()).product
        return product.split(separator: "/").last.map(String.init) ?? product
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
        data.withUnsafeBytes { SystemCall.writeAll(commands, $0) }
    }

    /// Reads answers and events until the browser closes its end.
    private func readAnswers() {
        var pending = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { SystemCall.read(answers, into: $0) } ?? 0
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
