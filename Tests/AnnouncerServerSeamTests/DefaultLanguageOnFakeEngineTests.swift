import AnnouncerCore
import AnnouncerProtocol
import AnnouncerServer
import AnnouncerVoices
import ServerSeamSupport
import TestSupport
import Testing

/// The language announcerd speaks when an announcement names none, as its start chooses it from --lang
/// and LANG (`ServerConfiguration.defaultLanguage`), and the server in this process then answers with.
/// A real announcerd's --lang is EndToEndTests' `JSONLinesServerTests`; its refusal to start with one
/// sentence and a non-zero status, for any such failure, `VoicesThroughServerTests` (no worker).
struct DefaultLanguageOnFakeEngineTests {
    @Test("The server's default language comes from LANG; one without a profile falls back to English")
    func defaultLanguageFromLANG() throws {
        // The profiles announcerd loads, as the server in this process has them unless told.
        let available = VoiceLibrary.standard().languages
        for (lang, expected) in [("nb_NO.UTF-8", "nb"), ("no_NO.UTF-8", "nb"), ("de_DE.UTF-8", "en"), ("C", "en")] {
            let language = try ServerConfiguration.defaultLanguage(given: nil, environment: ["LANG": lang], among: available)
            let server = try InProcessServer { $0.defaultLanguage = language }
            defer { server.stop() }
            let client = try SocketClient(path: server.socketPath)
            #expect(client.request(#"{"request":"defaults"}"#)?.body(DefaultsBody.self)?.language.rawValue == expected, "LANG=\(lang)")
        }
    }

    @Test("--lang wins over LANG when it has a profile; one that has none is refused in one sentence naming those that do")
    func unavailableDefaultLanguageIsRefused() throws {
        let available = VoiceLibrary.standard().languages
        let norwegian = try ServerConfiguration.defaultLanguage(given: .norwegianBokmal, environment: ["LANG": "C"], among: available)
        #expect(norwegian == .norwegianBokmal)
        let german = try #require(Language(code: "de"))
        #expect {
            _ = try ServerConfiguration.defaultLanguage(given: german, environment: ["LANG": "nb_NO.UTF-8"], among: available)
        } throws: { error in
            "\(error)" == "The language \"de\" is not available; use one of en, nb."
        }
    }
}
