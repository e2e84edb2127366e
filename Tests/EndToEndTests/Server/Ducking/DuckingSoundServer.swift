import Foundation
import Glibc
import Spawning
import TestSupport

/// The sound server a ducking test runs on, with a tone playing into its null sink: a private PulseAudio
/// of the test's own, or on the PipeWire pass (scripts/test) the private PipeWire that
/// scripts/pipewire-null-sink started, reached by announcerd's ALSA device and by libpulse alike.
final class DuckingSoundServer {
    /// The tone's frequency: above all of eSpeak NG's speech (22050 Hz, so nothing above 11 kHz), so that
    /// its level is read from the sink's monitor while announcer speaks over it.
    static let toneFrequency = 15_000.0
    static let rate = 48_000
    /// The tone's amplitude, a quarter of full scale.
    static let toneAmplitude = 8_000.0

    static var onPipeWire: Bool { ProcessInfo.processInfo.environment["ANNOUNCER_TEST_SOUND_SERVER"] == "pipewire" }
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/paplay") && (onPipeWire || PrivatePulseAudio.isInstalled)
    }

    private let pulse: PrivatePulseAudio?
    let sink: String
    /// What announcerd, paplay, parec and pactl need to reach this server; a runtime folder of the test's own.
    let environment: [String: String]
    let folder: String
    /// paplay, spawned and reaped here: Foundation's Process would notice its end only when every
    /// program started after it had closed a socket it inherited (see ProgramRun).
    private var tone: pid_t?

    init() throws {
        folder = ServerProcess.makeDirectory()
        if Self.onPipeWire {
            let process = ProcessInfo.processInfo.environment
            pulse = nil
            sink = process["ANNOUNCER_TEST_PULSE_SINK"] ?? "announcer_test"
            // ALSA reaches PipeWire through the rig's own configuration; libpulse through pipewire-pulse.
            environment = ["PULSE_SERVER": process["ANNOUNCER_TEST_CAPTURE_PULSE_SERVER"] ?? "", "XDG_RUNTIME_DIR": folder]
        } else {
            let pulse = try PrivatePulseAudio()
            self.pulse = pulse
            sink = PrivatePulseAudio.sinkName
            environment = pulse.environment.merging(["XDG_RUNTIME_DIR": folder]) { $1 }
            // As a desktop's PulseAudio does, it remembers each application's volume for its next stream
            // (WirePlumber does the same on PipeWire).
            let loaded = try pulse.pactl(["load-module", "module-stream-restore"])
            guard loaded.status == 0 else { throw DuckingRigFailure(what: "module-stream-restore could not be loaded: \(loaded.standardError)") }
        }
    }

    /// Starts announcerd speaking to this server's null sink, ducking by `decibels`.
    func startServer(decibels: Double = 12, hold: Int = 300, events: String? = nil) async throws -> ServerProcess {
        try await ServerProcess.start(
            arguments: ["--sink", "alsa:default", "--duck", "\(decibels)", "--duck-hold", "\(hold)"] + (events.map { ["--events", $0] } ?? []),
            environment: environment)
    }

    /// Plays the tone with paplay for `seconds`, as the application `name` (by default one of its own),
    /// and returns its stream's index once the server lists it.
    func playTone(seconds: Double = 20, name: String? = nil) async throws -> UInt32 {
        let path = folder + "/tone.raw"
        let count = Int(seconds * Double(Self.rate))
        var bytes = [UInt8]()
        bytes.reserveCapacity(count * 2)
        for frame in 0..<count {
            let value = Int16(Self.toneAmplitude * sin(2 * .pi * Self.toneFrequency * Double(frame) / Double(Self.rate)))
            bytes.append(UInt8(truncatingIfNeeded: value))
            bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let before = Set(try streams().keys)
        // A name of its own: WirePlumber gives a new stream the volume it last saw for its application's name.
        let name = name ?? "announcer-tone-\(UUID().uuidString.prefix(8))"
        let arguments = ["/usr/bin/paplay", "--client-name=\(name)", "--raw", "--format=s16le", "--rate=\(Self.rate)", "--channels=1", "-d", sink, path]
        let paplay = ChildProcess(
            executable: arguments[0], arguments: Array(arguments.dropFirst()),
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        do throws(SpawnError) {
            tone = try paplay.spawn()
        } catch {
            throw DuckingRigFailure(what: "paplay could not be started")
        }
        var index: UInt32?
        _ = await waitFor({
            index = (try? self.streams().keys.first { !before.contains($0) }) ?? nil
            return index != nil
        }, seconds: 10)
        guard let index else { throw DuckingRigFailure(what: "paplay's stream did not appear on the sound server") }
        return index
    }

    /// Every playback stream's volume, first channel, by index, as pactl lists them.
    func streams() throws -> [UInt32: UInt32] {
        let listed = try ProgramRun("/usr/bin/pactl", ["list", "sink-inputs"], environment: environment, timeout: 10)
        var result: [UInt32: UInt32] = [:]
        var current: UInt32?
        for line in listed.standardOutput.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("Sink Input #") {
                current = UInt32(text.dropFirst("Sink Input #".count))
            } else if text.hasPrefix("Volume:"), let current {
                // "Volume: mono: 41350 /  63% / -12.00 dB" or "front-left: 65536 / 100% / 0.00 dB,   front-right: ..."
                let fields = text.split(separator: " ")
                if fields.count > 2, let value = UInt32(fields[2]) { result[current] = value }
            }
        }
        return result
    }

    /// True when the stream's volume is `volume`, to within what PipeWire, which keeps volumes as
    /// floating point, gives back: a step or two off.
    func isAt(_ volume: UInt32, _ index: UInt32) -> Bool {
        guard let now = try? streams()[index] else { return false }
        return abs(Int(now) - Int(volume)) <= 100
    }

    /// True when the stream's volume is well below `own`: more than 3 of the 12 dB.
    func isLowered(_ index: UInt32, from own: UInt32) -> Bool {
        guard let now = try? streams()[index] else { return false }
        return Double(now) < Double(own) * pow(10, -3.0 / 60)
    }

    /// Sets a stream's volume as a user does, with pactl.
    func setVolume(of index: UInt32, to percent: Int) throws {
        _ = try ProgramRun("/usr/bin/pactl", ["set-sink-input-volume", "\(index)", "\(percent)%"], environment: environment, timeout: 10)
    }

    func stop() {
        if let tone {
            kill(tone, SIGKILL)
            var status: Int32 = 0
            waitpid(tone, &status, 0)
        }
        if let pulse {
            pulse.kill()
            try? FileManager.default.removeItem(atPath: pulse.directory)
        }
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// The ducking rig could not be set up.
struct DuckingRigFailure: Error, CustomStringConvertible {
    let what: String
    var description: String { what }
}
