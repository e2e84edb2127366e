import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerEngine
import AnnouncerProtocol
import AnnouncerVoices
import ArgumentParser
import ESpeak
import Foundation
import Speech

/// `announce voices`: lists the voice profiles, the files each came from, and any file left out.
struct VoicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voices",
        abstract: "List the voice profiles and the files they were read from.",
        usage: """
        announce voices [--socket PATH] [--embedded] [--voices DIR]
          announce voices --try TEXT [--lang CODE] [<options>]
        """,
        discussion: """
        Asks the running server which profiles it speaks with; without one, or with --embedded, \
        lists what an engine in this process would load: the shipped profiles, then \
        $XDG_CONFIG_HOME/announcer/voices, then --voices DIR. A profile file with a problem is \
        left out, and its file, line and problem are listed; the exit status is then 1.

        With --try TEXT, shows what TEXT becomes before synthesis in the language of --lang: the \
        text eSpeak NG is given (numbers, dates and abbreviations in words, lexicon entries applied) \
        and eSpeak's phonemes for it, the mnemonics a lexicon entry in [[ ]] is written in. It uses \
        the profiles this process loads; give the server's --voices DIR too if it has one.
        """
    )

    @Option(name: .customLong("try"), help: ArgumentHelp(
        "Show what this text becomes before synthesis, and eSpeak's phonemes for it, instead of listing.", valueName: "TEXT"))
    var trial: String?

    @Option(name: .customLong("lang"), help: ArgumentHelp(
        "The language for --try: any that announce voices lists, such as en, nb or sv. Default: the language of LANG, else en.",
        valueName: "CODE"))
    var language: String?

    @Flag(help: "With --try: spell the text, as SSIP CHAR and --spell do.")
    var spell = false

    @Option(help: ArgumentHelp("With --try: how much punctuation to name: none, some or all (default some).", valueName: "LEVEL"))
    var punctuation: PunctuationLevel = .some

    @OptionGroup var destination: VoicesSourceOptions

    func validate() throws {
        if trial == nil, language != nil || spell {
            throw ValidationError("--lang and --spell go with --try TEXT, which shows what a text becomes; give the text with --try.")
        }
    }

    func run() throws {
        if let trial { return try tryOut(trial) }
        let listing: VoiceListing
        if let connection = try destination.serverConnection() {
            defer { connection.close() }
            let reply = try connection.request(JSONRequest.voices)
            guard let body = reply.body(VoicesBody.self) else {
                throw CommandFailure(reply.reply?.message ?? "The server did not list its voices; it may be older than this announce.")
            }
            listing = VoiceListing(body)
            show("The server's voice profiles:")
        } else {
            var library = destination.loadVoices()
            library.addSynthesizerLanguages(from: .installed)
            listing = VoiceListing(library)
            show("No server is running here, or --embedded was given; these are the profiles an engine in this process loads:")
        }
        for line in listing.lines { show(line) }
        if !listing.problems.isEmpty { throw ExitCode.failure }
    }
}

extension VoicesCommand {
    /// Prints what `text` becomes before synthesis, one labelled line each, for a lexicon writer to read.
    func tryOut(_ text: String) throws {
        var library = destination.loadVoices()
        library.addSynthesizerLanguages(from: .installed)
        let spoken: Language
        do throws(AnnouncementError) {
            spoken = try language.map { code throws(AnnouncementError) in try library.language(forCode: code) }
                ?? Language(locale: ProcessInfo.processInfo.environment["LANG"])
        } catch {
            throw CommandFailure(error.description)
        }
        let segments = spell ? [LanguageSegment(text, spoken)] : library.segments(of: text, in: spoken)
        if segments.count > 1 {
            show("Spoken in \(segments.count) parts, each by its language's voice:")
            for (number, segment) in segments.enumerated() { show("Part \(number + 1), \(segment.language): \(segment.text)") }
        }
        for (number, segment) in segments.enumerated() {
            let trial: TextTrial
            do {
                trial = try TextTrial(
                    text: segment.text, language: segment.language, voices: library, reading: spell ? .characters : .words,
                    punctuation: punctuation, synthesis: SynthesisThread.eSpeak())
            } catch {
                throw CommandFailure("eSpeak NG could not give the phonemes: \(error)")
            }
            let source = trial.hasProfile
                ? "profile \(trial.profile.name), from \(trial.profile.sources.joined(separator: ", then "))"
                : "eSpeak's own voice, no profile"
            if segments.count > 1 { show("Part \(number + 1):") }
            show("Language: \(segment.language), \(source); eSpeak NG voice \(trial.profile.espeakVoice).")
            show("Text: \(segment.text)")
            show("Given to eSpeak: \(trial.prepared)")
            show("Phonemes: \(trial.phonemes)")
        }
        for problem in library.problems { show("Left out: \(problem)") }
    }
}

/// The profiles as `announce voices` prints them, from the server's reply or from a library loaded here.
struct VoiceListing {
    var voices: [VoicesBody.VoiceEntry]
    /// The languages eSpeak NG speaks with its own voice, no profile.
    var synthesizerLanguages: [VoicesBody.SynthesizerLanguage]
    /// The server's default language; an engine in this process has none of its own.
    var defaultLanguage: Language?
    var problems: [String]

    init(_ library: VoiceLibrary) {
        voices = library.languages.compactMap(library.profile(for:)).map { profile in
            VoicesBody.VoiceEntry(
                language: profile.language, name: profile.name, espeakVoice: profile.espeakVoice, voiceType: profile.voiceType,
                rate: profile.rate, pitch: profile.pitch, volume: profile.volume,
                lexiconEntries: profile.lexicon.entries.count, sources: profile.sources
            )
        }
        synthesizerLanguages = library.spokenLanguages.filter { library.profile(for: $0) == nil }
            .map { VoicesBody.SynthesizerLanguage(language: $0, name: library.speakingProfile(for: $0).name) }
        defaultLanguage = nil
        problems = library.problems.map(\.description)
    }

    init(_ body: VoicesBody) {
        voices = body.voices
        synthesizerLanguages = body.synthesizerLanguages
        defaultLanguage = body.defaultLanguage
        problems = body.problems
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
            lines += synthesizerLanguages.map { "\($0.language), \($0.name)." }
        }
        if let defaultLanguage { lines.append("Announcements that name no language are spoken in \(defaultLanguage).") }
        for problem in problems { lines.append("Left out: \(problem)") }
        return lines
    }
}

/// One line for people, fitted to an 80-cell braille display.
private func show(_ line: String) {
    PlainOutput.line(PlainLineWrapper.fitted(line))
}
