public import AnnouncerCore
public import AnnouncerProtocol
import Blocking
import Foundation

/// Emacspeak's speech through a running `announcerd`, on one JSON-lines connection: its
/// announcements are one client's, and `s` cancels only them (`{"request":"cancel","mine":true}`).
///
/// Requests are written without waiting for their replies; a thread of its own reads the replies
/// and reports a refused one on standard error, in the server's own sentence.
public final class ServerEmacspeakOutput: EmacspeakOutput {
    public let voices: [OfferedVoice]
    public let defaultLanguage: Language
    private let connection: ServerConnection

    /// Asks the server for its voices, then starts reading its replies.
    public init(connection: ServerConnection) throws {
        self.connection = connection
        let reply: ServerLine
        do throws(ClientError) {
            reply = try connection.request(.voices)
        } catch {
            throw DestinationError(error.description)
        }
        guard let body = reply.body(VoicesBody.self) else {
            throw DestinationError("The server did not say which voices it has.")
        }
        var seen = Set<Language>()
        let profiles = body.voices.map { OfferedVoice(name: $0.name, language: $0.language, voiceType: $0.voiceType) }
        let others = body.synthesizerLanguages.map { OfferedVoice(name: $0.language.rawValue, language: $0.language, voiceType: "MALE1") }
        voices = (profiles + others).filter { seen.insert($0.language).inserted }
        defaultLanguage = body.defaultLanguage
        DedicatedThread.start(name: "emacspeak replies") {
            while let text = connection.nextLine() {
                let line = ServerLine(text)
                guard let header = line.reply, !header.ok else { continue }
                try? FileHandle.standardError.write(contentsOf: Data("announcer: \(header.message ?? "The server refused a request.")\n".utf8))
            }
        }
    }

    public func speak(_ request: SpeakRequest) { send(.speak(request)) }
    public func stopOwn() { send(.cancelOwn) }
    public func pause() { send(.pause(all: false)) }
    public func resume() { send(.resume(all: false)) }

    public func finish() {
        // What was accepted stays the server's to speak after this client has gone.
        connection.close()
    }

    private func send(_ request: JSONRequest) {
        do throws(ClientError) {
            try connection.send(request.encoded, timeout: 10)
        } catch {
            try? FileHandle.standardError.write(contentsOf: Data("announcer: \(error.description)\n".utf8))
        }
    }
}
