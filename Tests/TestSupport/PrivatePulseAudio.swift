import Foundation
import Synchronization

/// A PulseAudio server of a test's own, with a null sink, that the test may kill and start again
/// without disturbing the one the other tests play to.
public final class PrivatePulseAudio: Sendable {
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/pulseaudio") }

    public let directory: String
    public static let sinkName = "announcer_private"

    /// What a program needs in its environment to play through this server with ALSA's default device.
    public var environment: [String: String] {
        [
            "PULSE_SERVER": "unix:\(directory)/pulse/native",
            "ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:\(directory)/asound.conf",
        ]
    }

    /// Seconds after which the server suspends a sink nothing plays to, as a desktop's PulseAudio does
    /// (module-suspend-on-idle, 5 s there); nil, as for the other tests, never.
    public let suspendsIdleSinkAfter: Int?

    public init(suspendingIdleSinkAfter seconds: Int? = nil) throws {
        suspendsIdleSinkAfter = seconds
        directory = "/tmp/anr-pulse-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try "pcm.!default { type pulse }\nctl.!default { type pulse }\n".write(toFile: "\(directory)/asound.conf", atomically: true, encoding: .utf8)
        try start()
    }

    /// Starts the server on this directory's socket and waits until it answers with its null sink as the default.
    public func start() throws {
        let started = try ProgramRun("/usr/bin/pulseaudio", [
            "-D", "--exit-idle-time=-1", "-n", "--log-target=file:\(directory)/pulseaudio.log",
            "--load=module-null-sink sink_name=\(Self.sinkName) norewinds=1", "--load=module-native-protocol-unix",
        ] + (suspendsIdleSinkAfter.map { ["--load=module-suspend-on-idle timeout=\($0)"] } ?? []),
        // Its remembered volumes (module-stream-restore's, when a test loads it) stay in its own folder, not the user's.
        environment: ["XDG_RUNTIME_DIR": directory, "PULSE_STATE_PATH": "\(directory)/state"])
        guard started.status == 0 else { throw PulseAudioFailed(what: "start", output: started.standardError) }
        guard waitFor({ (try? self.pactl(["info"]).status) == 0 }, seconds: 10) else { throw PulseAudioFailed(what: "answer", output: "") }
        let made = try pactl(["set-default-sink", Self.sinkName])
        guard made.status == 0 else { throw PulseAudioFailed(what: "take its null sink as default", output: made.standardError) }
    }

    /// Kills the server at once, as a crash would, and waits until it is gone.
    public func kill() {
        guard let text = try? String(contentsOfFile: "\(directory)/pulse/pid", encoding: .utf8),
              let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return }
        Glibc.kill(pid, SIGKILL)
        _ = waitFor({ Glibc.kill(pid, 0) != 0 }, seconds: 5)
        // A daemon killed this way leaves its pid file and socket; the next start replaces them.
        try? FileManager.default.removeItem(atPath: "\(directory)/pulse/pid")
    }

    /// Removes the null sink, as when a USB headset is unplugged: the server stays, the device goes.
    public func unplugSink() throws {
        let modules = try pactl(["list", "short", "modules"]).standardOutput.split(separator: "\n")
        for module in modules where module.contains("module-null-sink") {
            _ = try pactl(["unload-module", String(module.split(separator: "\t")[0])])
        }
    }

    /// Adds the null sink again and makes it the default, as when the headset is plugged back in.
    public func plugSinkBackIn() throws {
        _ = try pactl(["load-module", "module-null-sink", "sink_name=\(Self.sinkName)", "norewinds=1"])
        _ = try pactl(["set-default-sink", Self.sinkName])
    }

    public func pactl(_ arguments: [String]) throws -> ProgramRun {
        try ProgramRun("/usr/bin/pactl", arguments, environment: environment, timeout: 10)
    }

    /// Records the null sink's monitor while `body` runs and returns the loudest 10 ms, as RMS.
    public func loudest(whileRunning body: () throws -> Void) throws -> Double {
        let capture = try PulseAudioCapture(sink: Self.sinkName, environment: environment)
        do { try body() } catch {
            _ = capture.stop()
            throw error
        }
        return capture.stop().max() ?? 0
    }

    /// As the blocking `loudest`, for a body that awaits.
    public func loudest(whileRunning body: () async throws -> Void) async throws -> Double {
        let capture = try PulseAudioCapture(sink: Self.sinkName, environment: environment)
        do { try await body() } catch {
            _ = capture.stop()
            throw error
        }
        return capture.stop().max() ?? 0
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

public struct PulseAudioFailed: Error, CustomStringConvertible {
    public let what: String
    public let output: String
    public var description: String { "The private PulseAudio server did not \(what): \(output)" }
}
