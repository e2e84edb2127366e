public import Foundation
import Glibc
import Spawning

/// A desktop of announce's own: an X server (Xvfb) on a free display, a D-Bus session bus and the
/// accessibility bus, in one process group with everything later started on it, and a temporary folder.
/// `close()` ends the whole group and removes the folder, so nothing it started outlives it.
public final class PrivateDesktop: @unchecked Sendable {
    /// The temporary folder: logs, the bus's socket, settings and profiles.
    public let folder: String
    /// The X display, such as `:99`.
    public let display: String
    /// The process group everything runs in: Xvfb's.
    public let processGroup: pid_t
    private var watched: [(name: String, pid: pid_t)] = []
    private let lock = NSLock()
    private var closed = false

    /// Every process of the desktop has this variable in its environment, naming the desktop's folder, so
    /// what one desktop started can be told from another's, even once its parent has gone.
    public static let markerVariable = "ANNOUNCE_DESKTOP"

    /// The size of the screen.
    public static let screen = (width: 1280, height: 1024)

    /// Starts Xvfb (ready when it writes its display number), the session bus (ready when it writes its
    /// address) and the accessibility bus launcher, each within `timeout`.
    public static func start(timeout: Duration = .seconds(10)) throws(RigError) -> PrivateDesktop {
        guard let xvfb = installed(["/usr/bin/Xvfb"]) else { throw .missingProgram(program: "Xvfb", package: "xvfb") }
        guard let dbus = installed(["/usr/bin/dbus-daemon"]) else { throw .missingProgram(program: "dbus-daemon", package: "dbus-daemon") }
        guard let launcher = installed(["/usr/libexec/at-spi-bus-launcher", "/usr/lib/at-spi2-core/at-spi-bus-launcher"]) else {
            throw .missingProgram(program: "at-spi-bus-launcher", package: "at-spi2-core")
        }
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("announce-desktop-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw .noFolder(NSTemporaryDirectory()) }
        let folder = String(cString: made)

        let (displayNumber, group) = try readiness(of: "Xvfb", folder: folder, timeout: timeout) { ready in
            var marked = ProcessInfo.processInfo.environment
            marked[markerVariable] = folder
            var child = ChildProcess(executable: xvfb, arguments: [
                "-displayfd", "3", "-screen", "0", "\(screen.width)x\(screen.height)x24", "-nolisten", "tcp", "+extension", "XTEST",
            ], environment: marked)
            child.standardOutput = .appending("\(folder)/xvfb.log")
            child.passing = [3: ready]
            child.group = .new
            return child
        }
        let desktop = PrivateDesktop(folder: folder, display: ":\(displayNumber)", group: group)
        desktop.watch("Xvfb", group)
        do {
            let (address, busPID) = try readiness(of: "The D-Bus session bus", folder: folder, timeout: timeout) { ready in
                var child = ChildProcess(executable: dbus, arguments: [
                    "--session", "--nofork", "--nopidfile", "--print-address=3", "--address=unix:path=\(folder)/bus",
                ], environment: desktop.environment(adding: [:]))
                child.standardOutput = .appending("\(folder)/dbus.log")
                child.passing = [3: ready]
                child.group = .joining(group)
                return child
            }
            desktop.setBus(address)
            desktop.watch("The D-Bus session bus", busPID)
            try desktop.start("The accessibility bus", executable: launcher, arguments: ["--launch-immediately"], log: "at-spi.log")
        } catch {
            desktop.close()
            throw error
        }
        return desktop
    }

    private init(folder: String, display: String, group: pid_t) {
        self.folder = folder
        self.display = display
        processGroup = group
    }

    /// The session bus's address, once it runs; set once, before the desktop is handed out.
    public private(set) var sessionBus = ""
    private func setBus(_ address: String) { sessionBus = address }

    /// The environment of a program on this desktop: announce's own, with the display, the session bus,
    /// and GTK's and Chromium's accessibility bridges turned on, and `adding` over it.
    public func environment(adding extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["WAYLAND_DISPLAY", "SESSION_MANAGER", "XAUTHORITY", "AT_SPI_BUS_ADDRESS"] { environment.removeValue(forKey: key) }
        environment["DISPLAY"] = display
        environment["DBUS_SESSION_BUS_ADDRESS"] = sessionBus.isEmpty ? nil : sessionBus
        environment["GTK_MODULES"] = "gail:atk-bridge"
        environment["ACCESSIBILITY_ENABLED"] = "1"
        environment["NO_AT_BRIDGE"] = "0"
        environment["GSETTINGS_BACKEND"] = "memory"
        environment[Self.markerVariable] = folder
        environment["XDG_CONFIG_HOME"] = "\(folder)/config"
        environment["XDG_DATA_HOME"] = "\(folder)/data"
        environment["XDG_CACHE_HOME"] = "\(folder)/cache"
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// Starts a program on the desktop, in its process group, with its output in `log` in the folder, and
    /// watches it: `endedPart()` tells when it has gone.
    @discardableResult
    public func start(_ name: String, executable: String, arguments: [String], environment extra: [String: String] = [:], log: String) throws(RigError) -> pid_t {
        var child = ChildProcess(executable: executable, arguments: arguments, environment: environment(adding: extra))
        child.standardOutput = .appending("\(folder)/\(log)")
        child.group = .joining(processGroup)
        do throws(SpawnError) {
            let pid = try child.spawn()
            watch(name, pid)
            return pid
        } catch {
            throw .partFailed(part: name, reason: error.description)
        }
    }

    /// Watches a process that was started elsewhere in this desktop's group, such as the browser.
    public func watch(_ name: String, _ pid: pid_t) {
        lock.withLock { watched.append((name, pid)) }
    }

    /// Stops watching a process that is ended on purpose.
    public func unwatch(_ pid: pid_t) {
        lock.withLock { watched.removeAll { $0.pid == pid } }
    }

    /// The first watched part that has ended, with how; nil while all run.
    public func endedPart() -> (name: String, status: String)? {
        lock.withLock {
            for (name, pid) in watched {
                if let status = ChildStatus.ifEnded(pid) { return (name, status.description) }
                if kill(pid, 0) != 0, errno == ESRCH { return (name, "for a reason not known") }
            }
            return nil
        }
    }

    /// Ends every process of the desktop's group (SIGTERM, then SIGKILL after `grace`), reaps those it
    /// started, and removes the folder. Safe to call more than once.
    public func close(grace: Duration = .seconds(2)) {
        let parts: [(name: String, pid: pid_t)]? = lock.withLock {
            guard !closed else { return nil }
            closed = true
            return watched
        }
        guard let parts else { return }
        kill(-processGroup, SIGTERM)
        let deadline = ContinuousClock.now + grace
        var running = parts.map(\.pid)
        while !running.isEmpty, ContinuousClock.now < deadline {
            running.removeAll { pid in
                var status: Int32 = 0
                let result = waitpid(pid, &status, WNOHANG)
                return result == pid || (result < 0 && errno == ECHILD)
            }
            if !running.isEmpty { usleep(10_000) }
        }
        // Whatever is left, and anything the parts started that stayed in the group, is ended now.
        kill(-processGroup, SIGKILL)
        for pid in parts.map(\.pid) {
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Whether any process of the desktop's group is still alive.
    public var groupIsAlive: Bool { kill(-processGroup, 0) == 0 }

    /// Starts a program made by `make` with the write end of a pipe, and reads the line it writes there
    /// when ready; its process id with it.
    private static func readiness(
        of part: String, folder: String, timeout: Duration, _ make: (Int32) -> ChildProcess
    ) throws(RigError) -> (String, pid_t) {
        guard let made = ChildProcess.pipe() else { throw .partFailed(part: part, reason: "no pipe could be made") }
        let ends = [made.reading, made.writing]
        let child = make(ends[1])
        let pid: pid_t
        do throws(SpawnError) { pid = try child.spawn() } catch {
            ends.forEach { Glibc.close($0) }
            throw .partFailed(part: part, reason: error.description)
        }
        Glibc.close(ends[1])
        defer { Glibc.close(ends[0]) }
        var line = ""
        let deadline = ContinuousClock.now + timeout
        while !line.hasSuffix("\n") {
            let left = deadline - ContinuousClock.now
            var poller = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(0, left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready = SystemCall.retrying { poll(&poller, 1, milliseconds) }
            if ready <= 0 {
                kill(pid, SIGKILL)
                waitpid(pid, nil, 0)
                throw .partFailed(part: part, reason: "it was not ready within \(timeout.components.seconds) seconds")
            }
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = buffer.withUnsafeMutableBytes { SystemCall.read(ends[0], into: $0) } ?? 0
            if count <= 0 {
                waitpid(pid, nil, 0)
                throw .partFailed(part: part, reason: "it ended before it was ready")
            }
            line += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return (line.trimmingCharacters(in: .whitespacesAndNewlines), pid)
    }

    /// The program's path, when it is installed at one of `paths`.
    static func installed(_ paths: [String]) -> String? {
        paths.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
