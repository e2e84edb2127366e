import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerEngine
import ArgumentParser
import Audio
import ESpeak
import Foundation

/// `announce demo`: a polite status cut by an assertive login error, in English and Norwegian.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Speak a short demo: a polite status cut by an assertive login error, in English and Norwegian.",
        discussion: "Without a sound card, the demo is recorded to a WAV file instead, and says so."
    )

    @Option(help: ArgumentHelp("Where audio goes (see announce say --help). The default is the sound card, or a WAV file when there is none.", valueName: "SINK"))
    var sink: SinkSpec?

    @Option(help: ArgumentHelp("The WAV file to record to when there is no sound card.", valueName: "PATH"))
    var fallbackRecording = "announcer-demo.wav"

    @Flag(help: "Print the timeline as JSON Lines instead of sentences.")
    var json = false

    func run() throws {
        let engine = try startEngine()
        let recorder = TimelineRecorder()
        engine.scheduler.addObserver(recorder)
        let text = TimelineTextWriter()
        let jsonWriter = json ? try JSONLinesTimelineWriter(path: "-") : nil
        if let jsonWriter { engine.scheduler.addObserver(jsonWriter) } else { engine.scheduler.addObserver(text) }

        let results = LoginErrorDemo().run(on: engine)
        engine.finish()
        text.flush()
        jsonWriter?.flush()
        guard !json else { return }
        for (scene, error, outcome) in results {
            if let firstAudio = recorder.first(.firstAudio, of: error.id) {
                let milliseconds = String(format: "%.1f", firstAudio.sinceArrival.milliseconds)
                writeLine("\(scene.language.name): the error began \(milliseconds) ms after it arrived; the bound is 500 ms.")
            } else {
                writeLine("\(scene.language.name): the error was not spoken. \(outcome.explanation)")
            }
        }
        if case let .wav(path) = engine.sinkSpec { writeLine("The demo was recorded to \(path).") }
    }

    private func startEngine() throws -> SpeechEngine {
        if let sink {
            do throws(EngineError) { return try SpeechEngine(sink: sink, inProcessFallback: ESpeakEngine.start, logger: .init(label: "announce")) } catch {
                throw CommandFailure(error.description)
            }
        }
        writeLine("Opening the sound card.")
        do throws(EngineError) {
            return try SpeechEngine(sink: .standard, inProcessFallback: ESpeakEngine.start, logger: .init(label: "announce"))
        } catch {
            writeLine("No sound card could be opened, so the demo is recorded to \(fallbackRecording) instead.")
        }
        do throws(EngineError) {
            return try SpeechEngine(sink: .wav(path: fallbackRecording), inProcessFallback: ESpeakEngine.start, logger: .init(label: "announce"))
        } catch {
            throw CommandFailure(error.description)
        }
    }
}

/// Writes one line to standard output at once, unbuffered like the timeline writers, so the two stay in order.
func writeLine(_ line: String) {
    PlainOutput.line(PlainLineWrapper.fitted(line))
}
