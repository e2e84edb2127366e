import AnnouncerBench
import AnnouncerClient
import Benchmark
import Foundation

/// One client floods a real `announcerd`, started with no options but its socket, sink and timeline,
/// while a second client keeps speaking: the flood is shared fairly, not refused.
///
/// The flood is 50,000 polite announcements over 60 seconds (`$BENCHMARK_FLOOD_SECONDS` shortens it,
/// the count scaled with it). Every 2 seconds the second client sends one assertive announcement,
/// and 1 second later one polite. The server's own timeline is read afterwards:
/// - the assertive ones' arrival to first audio, whose 99th percentile must stay under 20 ms;
/// - for each polite one, how many of the flood's announcements started between the beginning of its
///   turn (its arrival, or the start of the same client's polite one before it, if later) and its
///   start: at most 1, the one that was speaking when its turn began.
/// Any refusal of the flood fails the run too, since refusal is what fair sharing replaces.
enum FairSharingBenchmark {
    static let name = "Fair sharing: another client's announcements during a flood of 50,000 polite in 60 s (announcerd, null sink)"
    static let assertiveLimitMicroseconds = 20_000
    static let floodAheadLimit = 1

    static func register() {
        let configuration = Benchmark.Configuration(
            metrics: [assertiveDuringFlood, floodUtterancesAhead, floodRefused],
            timeUnits: .microseconds,
            units: [assertiveDuringFlood: .count, floodUtterancesAhead: .count, floodRefused: .count],
            warmupIterations: 0,
            scalingFactor: .one,
            maxDuration: .seconds(600),
            maxIterations: 1
        )
        Benchmark(name, configuration: configuration) { benchmark in
            do {
                let result = try FloodRun(seconds: floodSeconds).run()
                result.assertiveLatencies.forEach { benchmark.measurement(assertiveDuringFlood, $0) }
                result.floodAheadOfPolite.forEach { benchmark.measurement(floodUtterancesAhead, $0) }
                benchmark.measurement(floodRefused, result.refused)
                result.check()
            } catch {
                failTheRunAtExit("\(name): \(error)")
            }
        }
    }

    static var floodSeconds: Int {
        ProcessInfo.processInfo.environment["BENCHMARK_FLOOD_SECONDS"].flatMap(Int.init).map { max(5, $0) } ?? 60
    }
}

/// What one flood run measured, from the server's timeline.
struct FloodResult {
    var sent: Int
    var refused: Int
    var assertiveLatencies: [Int]
    var floodAheadOfPolite: [Int]
    var floodOutcomes: [String: Int]

    /// Prints the figures, and fails the run when a bound was passed.
    func check() {
        let name = FairSharingBenchmark.name
        let p99 = LatencyStatistics.exactP99(of: assertiveLatencies.map { UInt64(clamping: $0) })
        let outcomes = floodOutcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        print("\(name): the flood sent \(sent), refused \(refused); its outcomes: \(outcomes).")
        print("\(name): \(assertiveLatencies.count) assertive announcements, p99 arrival to first audio \(p99.map(String.init) ?? "none") μs, the limit \(FairSharingBenchmark.assertiveLimitMicroseconds) μs; \(floodAheadOfPolite.count) polite ones, at most \(floodAheadOfPolite.max() ?? 0) of the flood started ahead of one, the limit \(FairSharingBenchmark.floodAheadLimit).")
        guard let p99, !floodAheadOfPolite.isEmpty else {
            failTheRunAtExit("\(name): the second client's announcements were never measured.")
            return
        }
        if refused > 0 { failTheRunAtExit("\(name): the server refused \(refused) of the flood's announcements.") }
        if p99 > FairSharingBenchmark.assertiveLimitMicroseconds {
            failTheRunAtExit("\(name): p99 arrival to first audio of the other client's assertive announcements was \(p99) μs.")
        }
        if let worst = floodAheadOfPolite.max(), worst > FairSharingBenchmark.floodAheadLimit {
            failTheRunAtExit("\(name): \(worst) of the flood's announcements started ahead of one of the other client's polite ones.")
        }
    }
}

/// Starts `announcerd`, floods it from one connection while another speaks now and then, stops it, and reads its timeline.
struct FloodRun {
    let seconds: Int

    var floodCount: Int { 50_000 * seconds / 60 }

    func run() throws -> FloodResult {
        let server = try ServerUnderTest()
        defer { server.stop() }
        let flooder = try LineClient(path: server.socketPath)
        let other = try LineClient(path: server.socketPath)

        let start = Date()
        let ticks = seconds * 10
        var sent = 0
        var probes = 0
        for tick in 0..<ticks {
            // The flood: an even share of the total every 100 ms, as one write.
            let due = floodCount * (tick + 1) / ticks
            try flooder.send((sent..<due).map { #"{"request":"speak","id":"flood-\#($0)","text":"Flood line \#($0) of the build log."}"# })
            sent = due
            // The other client: assertive on the even second, polite one second later.
            if tick % 10 == 0 {
                let polite = (tick / 10) % 2 == 1
                let id = polite ? "probe-polite-\(probes)" : "probe-assertive-\(probes)"
                let text = polite ? "Saved \(probes)." : "Error \(probes)."
                try other.send([#"{"request":"speak","id":"\#(id)","politeness":"\#(polite ? "polite" : "assertive")","text":"\#(text)"}"#])
                probes += 1
            }
            Thread.sleep(until: start.addingTimeInterval(0.1 * Double(tick + 1)))
        }
        // Every reply in, so the timeline holds every announcement sent.
        guard flooder.readReplies(seconds: 30), other.readReplies(seconds: 30) else {
            throw FloodFailure("the server did not answer every request within 30 seconds of the flood's end")
        }
        // Let the last polite probe be heard before stopping.
        Thread.sleep(forTimeInterval: 3)
        server.stop()
        return try Self.read(timeline: server.eventsPath, sent: sent, refused: flooder.refused + other.refused)
    }

    static func read(timeline path: String, sent: Int, refused: Int) throws -> FloodResult {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var result = FloodResult(sent: sent, refused: refused, assertiveLatencies: [], floodAheadOfPolite: [], floodOutcomes: [:])
        var floodStarts = 0
        // Its turn begins at its arrival, or when the same client's polite one before it started, if later.
        var startsAtArrival: [String: Int] = [:]
        var startsAtLastOwnStart = 0
        for text in text.split(separator: "\n") {
            guard let event = ServerLine(String(text)).event else { continue }
            let id = event.id.rawValue
            let isFlood = id.hasPrefix("flood-")
            switch event.event {
            case .started where isFlood:
                floodStarts += 1
            case .received where id.hasPrefix("probe-polite-"):
                startsAtArrival[id] = floodStarts
            case .started where id.hasPrefix("probe-polite-"):
                if let before = startsAtArrival[id] { result.floodAheadOfPolite.append(floodStarts - max(before, startsAtLastOwnStart)) }
                startsAtLastOwnStart = floodStarts
            case .firstAudio where id.hasPrefix("probe-assertive-"):
                if let latency = event.latency { result.assertiveLatencies.append(Int(latency.microseconds)) }
            case .ended where isFlood:
                result.floodOutcomes[event.outcome?.rawValue ?? "?", default: 0] += 1
            default:
                break
            }
        }
        return result
    }
}

/// A real `announcerd`, the release build beside this package unless `$ANNOUNCERD` names another,
/// with nothing but its socket, the null sink and its timeline file given.
final class ServerUnderTest {
    let socketPath: String
    let eventsPath: String
    private let directory: String
    private let process = Process()

    init() throws {
        let built = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/release/announcerd").path
        let executable = ProcessInfo.processInfo.environment["ANNOUNCERD"] ?? built
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw FloodFailure("announcerd is not built at \(executable); run swift build -c release in the announcer folder first")
        }
        var template = Array("/tmp/announcer-flood.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw FloodFailure("could not make a private directory in /tmp") }
        directory = String(cString: made)
        socketPath = directory + "/announcer.sock"
        eventsPath = directory + "/events.jsonl"
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--socket", socketPath, "--sink", "null", "--events", eventsPath]
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socketPath) {
            guard Date() < deadline, process.isRunning else { throw FloodFailure("announcerd did not open its socket within 10 seconds") }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Stops the server with SIGTERM, as systemd does, and waits for it; safe to call twice.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// A client connection that sends request lines and, at the end, reads and counts their replies; the
/// connection reads them as they come meanwhile, so the server never waits to write one.
final class LineClient {
    private let connection: ServerConnection
    private var sent = 0
    private var replies = 0
    private(set) var refused = 0

    init(path: String) throws {
        do throws(ClientError) {
            connection = try ServerConnection.connect(to: path)
        } catch {
            throw FloodFailure(error.description)
        }
    }

    deinit { connection.close() }

    /// Sends the lines as one write.
    func send(_ lines: [String]) throws {
        guard !lines.isEmpty else { return }
        do throws(ClientError) {
            try connection.send(lines.joined(separator: "\n"), timeout: 30)
        } catch {
            throw FloodFailure(error.description)
        }
        sent += lines.count
    }

    /// Reads the reply of every line sent; false when they did not all come within `seconds`.
    func readReplies(seconds: Int) -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while replies < sent {
            let left = Int((ContinuousClock.now.duration(to: deadline) / .seconds(1)).rounded(.up))
            guard left > 0, let reply = try? connection.nextLine(timeout: left) else { return false }
            replies += 1
            // Every reply says "ok":true or "ok":false right after its "reply" name.
            if reply.contains(#""ok":false"#) { refused += 1 }
        }
        return true
    }
}

struct FloodFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
