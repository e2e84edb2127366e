import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Testing

/// In CI the clients must be there, so a missing one fails the run instead of skipping it.
let speechDispatcherClientsInstalled: Bool = ProcessInfo.processInfo.environment["CI"] == "true"
    || (FileManager.default.isExecutableFile(atPath: "/usr/bin/spd-say")
        && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/speechd/client.py"))

/// Unmodified Speech Dispatcher clients against a real `announcerd`: spd-say and python3-speechd.
@Suite(.serialized, .startsProcesses, .enabled(if: speechDispatcherClientsInstalled, "spd-say and python3-speechd are installed (CI installs them)"))
struct SSIPClientTests {
    static let spdSay = "/usr/bin/spd-say"
    static let python = "/usr/bin/python3"

    /// A server with a subscriber that collects the timeline.
    final class Rig {
        let server: ServerProcess
        let listener: SocketClient
        var events: [EventLine] = []

        private init(server: ServerProcess) throws {
            self.server = server
            listener = try SocketClient(path: server.socketPath)
            _ = listener.request(.subscribe)
        }

        /// Starts the server and subscribes, suspending the test until it serves.
        static func start() async throws -> Rig {
            try Rig(server: await ServerProcess.start())
        }

        var environment: [String: String] { ["SPEECHD_ADDRESS": "unix_socket:\(server.socketPath)", "LC_ALL": "C.UTF-8"] }

        func spdSay(_ arguments: [String], input: String = "", timeout: Double = 30) async throws -> ProgramRun {
            try await ProgramRun.run(SSIPClientTests.spdSay, arguments, input: input, environment: environment, timeout: timeout)
        }

        /// Reads the timeline until the announcement with this text has ended; returns that event.
        func ended(text: String, timeout: Double = 20) async -> EventLine? {
            let isEnded: (EventLine) -> Bool = { $0.event == .ended && $0.text == text }
            if let found = events.first(where: isEnded) { return found }
            events += await listener.events(until: isEnded, timeout: timeout)
            return events.first(where: isEnded)
        }

        func stop() { server.end() }
    }

    @Test("spd-say -w returns once spoken, for every priority, each mapped as the table says", arguments: [
        ("important", .assertive), ("message", .polite), ("text", .polite), ("notification", .polite), ("progress", .polite),
    ] as [(String, Politeness)])
    func spdSayEveryPriority(priority: String, politeness: Politeness) async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let text = "Priority \(priority)"
        let run = try await rig.spdSay(["-w", "-r", "100", "-P", priority, text])
        #expect(run.status == 0, "\(run.standardError)")
        let ended = try #require(await rig.ended(text: text))
        #expect(ended.outcome == .spoken)
        #expect(ended.politeness == politeness)
    }

    @Test("spd-say -w returns for a cancelled message, and -C cancels it")
    func spdSayWaitReturnsWhenCancelled() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let long = "This message is long enough to still be speaking when another client cancels everything"
        // spd-say -w runs beside the test, which cancels its message once it is heard.
        let environment = rig.environment
        async let waiting = ProgramRun.run(Self.spdSay, ["-w", "-P", "message", long], environment: environment, timeout: 20)
        _ = await rig.listener.events(until: { $0.event == .firstAudio })
        let cancel = try await rig.spdSay(["-C"])
        #expect(cancel.status == 0)
        let waited = try await waiting
        #expect(!waited.timedOut, "spd-say -w kept waiting after its message was cancelled")
        #expect(await rig.ended(text: long)?.outcome == .cancelled)
    }

    @Test("spd-say -w returns for a dropped notification, and -S stops what speaks")
    func spdSayWaitReturnsWhenDropped() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let long = "A message that is still speaking while a notification arrives and is dropped"
        // Without -w, spd-say returns once its message is sent.
        _ = try await rig.spdSay(["-P", "message", long])
        _ = await rig.listener.events(until: { $0.event == .firstAudio })
        let notification = try await rig.spdSay(["-w", "-P", "notification", "You have mail"])
        #expect(notification.status == 0)
        #expect(await rig.ended(text: "You have mail")?.outcome == .dropped)
        let stop = try await rig.spdSay(["-S"])
        #expect(stop.status == 0)
        #expect(await rig.ended(text: long)?.outcome == .cancelled)
    }

    @Test("spd-say -l nb speaks Norwegian; -r, -p and -i are accepted")
    func spdSayNorwegianWithProsody() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let run = try await rig.spdSay(["-w", "-l", "nb", "-r", "50", "-p", "-20", "-i", "-10", "Feil passord"])
        #expect(run.status == 0)
        #expect(!run.standardError.contains("Invalid"), "\(run.standardError)")
        let ended = try #require(await rig.ended(text: "Feil passord"))
        #expect(ended.language == .norwegianBokmal)
        #expect(ended.outcome == .spoken)
    }

    @Test("spd-say -e speaks each line and sends !-! lines as raw commands")
    func spdSayPipeModeWithRawCommands() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        // spd-say sets its priority again before every line, so a raw LANGUAGE shows the raw command's effect.
        let input = "first line\n!-!SET SELF LANGUAGE nb\nandre linje\n!-!NONSENSE\nthird line\n"
        let run = try await rig.spdSay(["-e", "-w", "-r", "100"], input: input)
        #expect(run.status == 0, "\(run.standardError)")
        let first = try #require(await rig.ended(text: "first line\n"))
        let second = try #require(await rig.ended(text: "andre linje\n"))
        let third = try #require(await rig.ended(text: "third line\n"))
        #expect(first.language == .english)
        #expect(second.language == .norwegianBokmal)
        #expect([first, second, third].allSatisfy { $0.outcome == .spoken })
        #expect(first.politeness == .polite)
    }

    @Test("python3-speechd: callbacks for begin, end and cancel; setters, cancel and stop")
    func pythonSpeechdClient() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let script = """
        import json, threading, speechd
        client = speechd.SSIPClient('announcer-test', address='unix_socket:\(rig.server.socketPath)', autospawn=False)
        results = {}
        def watch(name):
            done = threading.Event()
            seen = []
            def callback(kind, *args):
                seen.append(kind)
                if kind in (speechd.CallbackType.END, speechd.CallbackType.CANCEL):
                    done.set()
            results[name] = seen
            return callback, done
        every = (speechd.CallbackType.BEGIN, speechd.CallbackType.END, speechd.CallbackType.CANCEL)
        client.set_priority(speechd.Priority.IMPORTANT)
        client.set_language('nb')
        client.set_rate(100)
        client.set_pitch(10)
        client.set_volume(-20)
        callback, done = watch('spoken')
        client.speak('Hei fra Python', callback=callback, event_types=every)
        results['spoken_done'] = done.wait(15)
        client.set_priority(speechd.Priority.MESSAGE)
        client.set_language('en')
        client.set_rate(0)
        callback, done = watch('cancelled')
        client.speak('A long sentence from Python that is cancelled while it is still being spoken aloud', callback=callback, event_types=every)
        threading.Event().wait(0.3)
        client.cancel()
        results['cancelled_done'] = done.wait(15)
        callback, done = watch('stopped')
        client.speak('Another long sentence from Python that is stopped while it is still being spoken aloud', callback=callback, event_types=every)
        threading.Event().wait(0.3)
        client.stop()
        results['stopped_done'] = done.wait(15)
        client.close()
        print(json.dumps(results))
        """
        let run = try await ProgramRun.run(Self.python, ["-c", script], timeout: 60)
        #expect(run.status == 0, "\(run.standardError)")
        let results = try JSONDecoder().decode(PythonCallbacks.self, from: Data(run.standardOutput.utf8))
        #expect(results.spoken == ["begin", "end"])
        #expect(results.spokenDone == true)
        #expect(results.cancelled?.last == "cancel")
        #expect(results.cancelledDone == true)
        #expect(results.stopped?.last == "cancel")
        #expect(results.stoppedDone == true)
        let norwegian = try #require(await rig.ended(text: "Hei fra Python"))
        #expect(norwegian.language == .norwegianBokmal)
        #expect(norwegian.politeness == .assertive)
    }

    /// What the python3-speechd script prints: the callbacks each message got, and whether its last came in time.
    private struct PythonCallbacks: Decodable {
        var spoken, cancelled, stopped: [String]?
        var spokenDone, cancelledDone, stoppedDone: Bool?

        enum CodingKeys: String, CodingKey {
            case spoken, cancelled, stopped, spokenDone = "spoken_done", cancelledDone = "cancelled_done", stoppedDone = "stopped_done"
        }
    }

    @Test("python3-speechd: speak('') with a callback gets a message id and its end, as from Speech Dispatcher")
    func pythonSpeakOfNothingEnds() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let script = """
        import threading, speechd
        client = speechd.SSIPClient('announcer-test', address='unix_socket:\(rig.server.socketPath)', autospawn=False)
        seen, done = [], threading.Event()
        def callback(kind, *args):
            seen.append(kind)
            if kind == speechd.CallbackType.END:
                done.set()
        reply = client.speak('', callback=callback, event_types=(speechd.CallbackType.BEGIN, speechd.CallbackType.END))
        print(reply[0], done.wait(10), ','.join(seen))
        client.close()
        """
        let run = try await ProgramRun.run(Self.python, ["-c", script], timeout: 30)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "225 True begin,end")
    }

    @Test("--ssip-socket serves SSIP alone on a second socket: spd-say works there, a JSON line is an SSIP error")
    func ssipOnlySocket() async throws {
        let ssipPath = ServerProcess.makeDirectory() + "/speechd.sock"
        let server = try await ServerProcess.start(arguments: ["--ssip-socket", ssipPath])
        defer { server.end() }
        #expect(server.standardErrorText.contains("; server ssip only on \(ssipPath);"))
        let run = try await ProgramRun.run(Self.spdSay, ["-w", "-r", "100", "On the second socket"], environment: ["SPEECHD_ADDRESS": "unix_socket:\(ssipPath)"])
        #expect(run.status == 0, "\(run.standardError)")
        let client = try SocketClient(path: ssipPath)
        client.send(#"{"request":"status"}"# + "\r\n")
        #expect(await client.line() == "500 ERR INVALID COMMAND")
    }
}

/// A screen reader echoing keys as its user types fast, through python3-speechd's char() and key().
@Suite(.serialized, .startsProcesses, .enabled(if: speechDispatcherClientsInstalled, "python3-speechd is installed (CI installs it)"))
struct KeyEchoTests {
    /// Tests/Clients/key_echo_client.py: CHAR and KEY in turn at a steady rate, counting refusals.
    static let script = Repository.path("Tests/Clients/key_echo_client.py")

    @Test("30 keys a second for 20 seconds on a server started with no options are all accepted, and each ends once")
    func keyEchoAtTypingSpeedIsNeverRefused() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        // The client types beside the test while the test reads the events as they come.
        let environment = ["SPEECHD_ADDRESS": "unix_socket:\(server.socketPath)", "LC_ALL": "C.UTF-8"]
        async let typing = ProgramRun.run(SSIPClientTests.python, [Self.script, "--rate", "30", "--seconds", "20"], environment: environment, timeout: 90)

        // Every key reached the queue and ended exactly once; typing over earlier keys may cut them, as it should.
        var received = Set<AnnouncementID>(), ended: [AnnouncementID: Int] = [:]
        _ = await listener.events(until: { event in
            if event.event == .received { received.insert(event.id) }
            if event.event == .ended { ended[event.id, default: 0] += 1 }
            return received.count == 600 && ended.count == 600
        }, timeout: 80)
        let run = try await typing
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Sent 600 keys: 600 accepted, 0 refused."), "\(run.standardOutput)")
        #expect(received.count == 600)
        #expect(ended.count == 600 && ended.values.allSatisfy { $0 == 1 }, "\(ended.count) ended")
    }
}
