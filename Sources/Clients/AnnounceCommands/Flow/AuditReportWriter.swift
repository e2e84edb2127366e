import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerEngine
import AnnouncerFlows
import AnnouncerVoices
import AnnouncerWeb
import Audio
import Foundation

/// Writes `flow check --report DIR`: each utterance's audio cut from the flow's recording into
/// `DIR/audio/FLOW/`, and `DIR/index.html`, which needs no network to open.
struct AuditReportWriter {
    let folder: String

    /// The folder the flows' whole recordings go to, when no --record folder is given.
    var audioFolder: String { "\(folder)/audio" }

    /// Makes the folder and tries writing in it, so that a folder the report cannot be written to is said
    /// in one sentence before any work starts.
    func prepare() throws {
        let probe = "\(audioFolder)/.announce-write-test"
        do {
            try FileManager.default.createDirectory(atPath: audioFolder, withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: probe))
            try FileManager.default.removeItem(atPath: probe)
        } catch {
            throw CommandFailure("The report cannot be written to the folder \(folder); choose one you can write to.")
        }
    }

    /// Cuts each heard utterance out of the flow's recording, where the recording itself says it lies:
    /// from the chunk of audio its first audio was stamped after to the last one taken before it ended.
    /// The file's own frame count places it, not the clock, so a recording that fell behind real time
    /// under load, or one rendered faster than real time (--fast), still gives every phrase its audio.
    func clips(of report: FlowReport, recording: String, recorder: WAVFileSink, times: (String) -> AnnouncementTimes?) -> [String: String] {
        let stem = ((recording as NSString).lastPathComponent as NSString).deletingPathExtension
        let clipFolder = "\(audioFolder)/\(stem)"
        try? FileManager.default.createDirectory(atPath: clipFolder, withIntermediateDirectories: true)
        var pieces: [WAVClipCutter.Piece] = []
        var relative: [String: String] = [:]
        var paths: [String: String] = [:]
        let heard = report.heard.flatMap { step in step.utterances.enumerated().map { (step.number, $0 + 1, $1) } }
        for (step, phrase, utterance) in heard {
            guard let id = utterance.id, let times = times(id), let firstAudio = times.firstAudio, let ended = times.ended,
                  let frames = recorder.frames(firstAudio: firstAudio, ended: ended) else { continue }
            let name = "step-\(step)-\(phrase).wav"
            pieces.append(WAVClipCutter.Piece(frames: frames, path: "\(clipFolder)/\(name)"))
            relative[id] = "audio/\(Self.inAddress(stem))/\(name)"
            paths[id] = "\(clipFolder)/\(name)"
        }
        do throws(AudioError) {
            let written = Set(try WAVClipCutter.cut(recording: recording, into: pieces))
            return relative.filter { paths[$0.key].map(written.contains) ?? false }
        } catch {
            PlainOutput.error("The audio of each phrase could not be cut from \(recording): \(error)")
            return [:]
        }
    }

    /// A path as the report names it: relative to the report's folder, so the report can be moved with
    /// what it names ("audio", "../recordings"); a path with nothing in common with it stays as it is.
    func relative(_ path: String) -> String {
        let from = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        let to = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let shared = zip(from, to).prefix { $0 == $1 }.count
        guard shared > 1 else { return path }
        let parts = Array(repeating: "..", count: from.count - shared) + to.dropFirst(shared)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// A file name as a part of a relative address: a flow file named with spaces, # or ? still plays.
    static func inAddress(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? name
    }

    /// Writes index.html; `tools` are the other tools the run checked with, one line each.
    func write(_ flows: [AuditedFlow], voices: VoiceLibrary, scope: AuditScope, sink: String, tools: [String] = []) throws {
        let languages = Set(flows.compactMap(\.report.flow?.language))
        let version = Self.shellOutput("/usr/bin/dpkg-query", ["-W", "-f=${Version}", "libespeak-ng1"]) ?? ""
        let espeak = version.isEmpty ? "eSpeak NG" : "eSpeak NG \(version)"
        let voiceLines = languages.sorted().compactMap { language in
            voices.profile(for: language).map { "\(language.rawValue): \($0.name), \(espeak) voice \($0.espeakVoice), rate \($0.rate)" }
        }
        let run = AuditRun(
            version: AnnouncerVersion.current, commit: Self.commit(), date: Self.now(), voices: voiceLines, sink: sink,
            machine: Self.machine(), command: (["announce"] + CommandLine.arguments.dropFirst()).joined(separator: " "),
            tools: [version.isEmpty ? "eSpeak NG" : "eSpeak NG \(version) (libespeak-ng1)"] + tools
        )
        let page = AuditReportPage.html(run: run, flows: flows, scope: scope)
        do { try page.write(toFile: "\(folder)/index.html", atomically: true, encoding: .utf8) } catch {
            throw CommandFailure("The report could not be written to \(folder)/index.html.")
        }
    }

    /// The time now as the report writes it: `2026-11-25 02:10 UTC`.
    static func now() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: Date())
    }

    /// The commit of the source tree this program was built from, while that tree is still there.
    private static func commit() -> String? {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
        guard let head = shellOutput("/usr/bin/git", ["-C", source, "rev-parse", "--short=12", "HEAD"]), !head.isEmpty else { return nil }
        let changes = shellOutput("/usr/bin/git", ["-C", source, "status", "--porcelain", "--untracked-files=no"]) ?? ""
        return changes.isEmpty ? head : "\(head), with changes not committed"
    }

    private static func machine() -> String {
        var parts: [String] = []
        var names = utsname()
        if uname(&names) == 0 {
            let field = { (value: Any) -> String in
                Mirror(reflecting: value).children.compactMap { $0.value as? CChar }.prefix { $0 != 0 }.map { String(UnicodeScalar(UInt8(bitPattern: $0))) }.joined()
            }
            parts.append("\(field(names.sysname)) \(field(names.release)) \(field(names.machine))")
        }
        if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let model = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") })?.split(separator: ":").last {
            parts.append(model.trimmingCharacters(in: .whitespaces))
        }
        parts.append("\(ProcessInfo.processInfo.activeProcessorCount) cores")
        parts.append("\(ProcessInfo.processInfo.physicalMemory / 1_048_576 / 1024) GB")
        return parts.joined(separator: ", ")
    }

    /// What the program prints, trimmed; nil when it is not there or fails.
    private static func shellOutput(_ program: String, _ arguments: [String]) -> String? {
        guard FileManager.default.isExecutableFile(atPath: program) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Prints index.html as `report.pdf` through Chromium (`ReportPrinter`).
    func writePDF(in browser: ChromiumBrowser) throws(WebError) {
        let data = try ReportPrinter.pdf(of: "\(folder)/index.html", in: browser)
        do { try data.write(to: URL(fileURLWithPath: "\(folder)/report.pdf")) } catch {
            throw .refused(method: "Page.printToPDF", message: "its PDF could not be written to \(folder)/report.pdf")
        }
    }
}
