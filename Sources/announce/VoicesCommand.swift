import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerEngine
import AnnouncerVoices
import ArgumentParser
import Foundation

/// `announce voices`: lists the voice profiles, the files each came from, and any file left out.
struct VoicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voices",
        abstract: "List the voice profiles and the files they were read from.",
        discussion: """
        Asks the running server which profiles it speaks with; without one, or with --embedded, \
        lists what an engine in this process would load: the shipped profiles, then \
        $XDG_CONFIG_HOME/announcer/voices, then --voices DIR. A profile file with a problem is \
        left out, and its file, line and problem are listed; the exit status is then 1.
        """
    )

    @OptionGroup var destination: DestinationOptions

    func run() throws {
        let listing: VoiceListing
        switch try destination.route() {
        case let .server(connection):
            defer { connection.close() }
            let reply = try connection.request(#"{"request":"voices"}"#)
            guard reply.ok, let parsed = VoiceListing(reply: reply.text) else {
                throw CommandFailure(reply.message ?? "The server did not list its voices; it may be older than this announce.")
            }
            listing = parsed
            print("The server's voice profiles:")
        case .embedded:
            var library = destination.engine.loadVoices()
            library.addInstalledSynthesizerLanguages()
            listing = VoiceListing(library)
            print("No server is running here, or --embedded was given; these are the profiles an engine in this process loads:")
        }
        for line in listing.lines { print(line) }
        if !listing.problems.isEmpty { throw ExitCode.failure }
    }
}

/// The profiles as `announce voices` prints them, from the server's reply or from a library loaded here.
struct VoiceListing {
    struct Voice {
        var language: String
        var name: String
        var espeakVoice: String
        var rate: Int
        var pitch: Int
        var volume: Int
        var lexiconEntries: Int
        var sources: [String]
    }

    var voices: [Voice]
    /// The languages eSpeak NG speaks with its own voice, no profile: code and name.
    var synthesizerLanguages: [(code: String, name: String)]
    var defaultLanguage: String?
    var problems: [String]

    init(_ library: VoiceLibrary) {
        voices = library.languages.compactMap(library.profile(for:)).map { profile in
            Voice(language: profile.language.rawValue, name: profile.name, espeakVoice: profile.espeakVoice,
                  rate: profile.rate, pitch: profile.pitch, volume: profile.volume,
                  lexiconEntries: profile.lexicon.entries.count, sources: profile.sources)
        }
        synthesizerLanguages = library.spokenLanguages.filter { library.profile(for: $0) == nil }
            .map { ($0.rawValue, library.speakingProfile(for: $0).name) }
        defaultLanguage = nil
        problems = library.problems.map(\.description)
    }

    init?(reply: String) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(reply.utf8))) as? [String: Any],
              let list = object["voices"] as? [[String: Any]] else { return nil }
        voices = list.map { voice in
            Voice(
                language: voice["lang"] as? String ?? "?", name: voice["name"] as? String ?? "?",
                espeakVoice: voice["espeak_voice"] as? String ?? "?",
                rate: voice["rate"] as? Int ?? 0, pitch: voice["pitch"] as? Int ?? 0, volume: voice["volume"] as? Int ?? 0,
                lexiconEntries: voice["lexicon_entries"] as? Int ?? 0, sources: voice["sources"] as? [String] ?? []
            )
        }
        synthesizerLanguages = (object["synthesizer_languages"] as? [[String: Any]] ?? []).map {
            ($0["lang"] as? String ?? "?", $0["name"] as? String ?? "?")
        }
        defaultLanguage = object["default_lang"] as? String
        problems = object["problems"] as? [String] ?? []
    }

    /// One plain line per profile, then the default language, then one line per file left out.
    var lines: [String] {
        var lines = voices.map { voice in
            let entries = voice.lexiconEntries == 1 ? "1 lexicon entry" : "\(voice.lexiconEntries) lexicon entries"
            let sources = voice.sources.isEmpty
                ? "Built in: eSpeak's own voice, no profile file."
                : "Read from \(voice.sources.joined(separator: ", then "))."
            return "\(voice.language), \(voice.name): eSpeak NG voice \(voice.espeakVoice), rate \(voice.rate), pitch \(voice.pitch), volume \(voice.volume), \(entries). \(sources)"
        }
        if !synthesizerLanguages.isEmpty {
            lines.append("eSpeak NG also speaks these \(synthesizerLanguages.count) languages with its own voice, with no profile:")
            lines += synthesizerLanguages.map { "\($0.code), \($0.name)." }
        }
        if let defaultLanguage { lines.append("Announcements that name no language are spoken in \(defaultLanguage).") }
        for problem in problems { lines.append("Left out: \(problem)") }
        return lines
    }
}
