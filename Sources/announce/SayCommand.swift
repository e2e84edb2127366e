import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerEngine
import ArgumentParser

/// `announce say`: speaks one announcement and waits until it has ended.
struct SayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say",
        abstract: "Speak one announcement and wait until it ends.",
        discussion: "Exits with status 0 when it was spoken, and 1 with a sentence saying why when it was not."
    )

    @OptionGroup var options: SpeechOptions

    @Argument(help: "The words to speak.")
    var words: [String]

    func run() throws {
        let announcement: Announcement
        do throws(AnnouncementError) {
            announcement = try options.announcement(words.joined(separator: " "), arrival: .now())
        } catch {
            throw ValidationError(error.description)
        }
        let (engine, writer) = try options.startEngine()
        InterruptHandling.install(engine: engine, writer: writer)
        let outcome = OutcomeBox()
        engine.submit(announcement) { outcome.set($0) }
        engine.finish()
        writer?.flush()
        guard let ended = outcome.get(), ended.wasSpoken || ended == .silenced else {
            throw CommandFailure("The announcement was not spoken. \(outcome.get()?.explanation ?? "")")
        }
    }
}
