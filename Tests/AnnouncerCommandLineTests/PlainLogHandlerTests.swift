import AnnouncerCommandLine
import Logging
import Synchronization
import Testing

/// The lines `announcerd` and `announce` log, as a screen reader or a braille display meets them.
@Suite struct PlainLogHandlerTests {
    /// Lines a handler wrote, in order, kept in memory: no logging system is bootstrapped.
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        /// Each entry as one line again, its wrapped lines joined: for tests of the words, not the width.
        var unwrapped: [String] { all.map { $0.replacingOccurrences(of: "\n  ", with: " ") } }
        func append(_ line: String) { lines.withLock { $0.append(line) } }
    }

    private func logger(level: Logger.Level = .debug, metadataProvider: Logger.MetadataProvider? = nil) -> (Logger, Lines) {
        let lines = Lines()
        let logger = Logger(label: "test") { _ in
            PlainLogHandler(program: "announcerd", level: level, metadataProvider: metadataProvider) { lines.append($0) }
        }
        return (logger, lines)
    }

    /// Should break a line longer than 80 characters at spaces, each line after the first indented by two.
    @Test func longLinesWrapAt80WithATwoSpaceIndent() {
        let (logger, lines) = logger()
        logger.warning("The audio device could not be opened, so the server started without it: announcements wait for it.")
        #expect(lines.all == ["""
            announcerd warning: The audio device could not be opened, so the server started
              without it: announcements wait for it.

            """])
    }

    /// Should print the program and the message alone when there is no metadata, one line each.
    @Test func messageWithoutMetadataIsTheProgramAndTheMessage() {
        let (logger, lines) = logger()
        logger.info("Stopped.")
        #expect(lines.all == ["announcerd: Stopped.\n"])
    }

    /// Should name the level for warnings, errors and debug lines, and not for plain information or notices.
    @Test func levelIsNamedUnlessItIsPlainInformation() {
        let (logger, lines) = logger()
        logger.notice("A client left.")
        logger.warning("A voice profile was left out.")
        logger.error("The server has run out of file descriptors.")
        logger.debug("Speech engine started.")
        #expect(lines.all == [
            "announcerd: A client left.\n",
            "announcerd warning: A voice profile was left out.\n",
            "announcerd error: The server has run out of file descriptors.\n",
            "announcerd debug: Speech engine started.\n",
        ])
    }

    /// Should print the metadata after the message as one more sentence: keys as words in their order, values
    /// as they are, pairs parted by semicolons, and no braces, quotes or equals signs of its own.
    @Test func metadataFollowsAsPlainWords() {
        let (logger, lines) = logger()
        logger.error("The audio device stopped working.", metadata: [
            "audio.problem": "Writing to the audio device failed (input/output error)",
            "audio.device": "alsa:default",
        ])
        #expect(lines.unwrapped == ["announcerd error: The audio device stopped working. Audio device alsa:default; audio problem Writing to the audio device failed (input/output error).\n"])
    }

    /// Should read underscores in keys as spaces, and keep commas inside a value apart from the pairs.
    @Test func underscoresAreSpacesAndCommasStayInsideTheirValue() {
        let (logger, lines) = logger()
        logger.notice("Throttling a client.", metadata: ["client.number": "3", "client.who": "SSIP, joe:flood:main, process 12", "client.refused_requests": "5"])
        #expect(lines.unwrapped == ["announcerd: Throttling a client. Client number 3; client refused requests 5; client who SSIP, joe:flood:main, process 12.\n"])
    }

    /// Should not end a line with two full stops when the last value is a sentence of its own, and should give a
    /// message without one its full stop before the metadata.
    @Test func fullStopsAreNotDoubledAndNotLeftOut() {
        let (logger, lines) = logger()
        logger.warning("A voice profile was left out", metadata: ["voice.problem": "nb.yaml, line 2: rate is 900; use a whole number from 80 to 450."])
        #expect(lines.unwrapped == ["announcerd warning: A voice profile was left out. Voice problem nb.yaml, line 2: rate is 900; use a whole number from 80 to 450.\n"])
    }

    /// Should list an array's values with commas and a dictionary's entries as words, and keep a line break
    /// in a value from splitting the line.
    @Test func listsAndNestedValuesAreWordsOnOneLine() {
        let (logger, lines) = logger()
        logger.info("Started.", metadata: [
            "voices": ["en (eSpeak NG voice en-us)", "nb (eSpeak NG voice nb)"],
            "limits": ["max_clients": "4096", "open_files": "1024"],
            "note": "two\nlines",
        ])
        #expect(lines.unwrapped == ["announcerd: Started. Limits max clients 4096, open files 1024; note two lines; voices en (eSpeak NG voice en-us), nb (eSpeak NG voice nb).\n"])
    }

    /// Should merge the logger's own metadata, the provider's and the call's, the call's winning, and name an error.
    @Test func everySourceOfMetadataIsPrinted() {
        struct Refused: Error, CustomStringConvertible { var description: String { "Connection refused" } }
        let provider = Logger.MetadataProvider { ["server.pid": "42", "client.number": "1"] }
        var (logger, lines) = logger(metadataProvider: provider)
        logger[metadataKey: "audio.device"] = "default"
        logger.warning("Audio device lost.", error: Refused(), metadata: ["client.number": "7"])
        #expect(lines.unwrapped == ["announcerd warning: Audio device lost. Audio device default; client number 7; error Connection refused; server pid 42.\n"])
    }

    /// Should print nothing below the handler's level.
    @Test func linesBelowTheLevelAreLeftOut() {
        let (logger, lines) = logger(level: .info)
        logger.debug("A connection ended with an error.")
        logger.info("Stopped.")
        #expect(lines.all == ["announcerd: Stopped.\n"])
    }
}
