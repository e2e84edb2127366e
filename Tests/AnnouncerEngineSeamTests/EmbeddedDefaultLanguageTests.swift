import AnnouncerCore
import AnnouncerEmbedded
import AnnouncerProtocol
import Testing

/// The language of an announcement that names none, with an engine inside announce (`say --sink`,
/// `--embedded`): `say` submits its request to an `EmbeddedDestination`, here on the fake engine, which
/// takes the language from LANG. EndToEndTests' SayCommandTests keeps the real path: "say speaks
/// Norwegian with the Norwegian voice", eSpeak NG's Bokmål in a WAV.
struct EmbeddedDefaultLanguageTests {
    /// The language the engine was given for "Hei", said with no language where the environment has `LANG`.
    static func language(saidWith lang: String) throws -> Language? {
        let fake = FakeEngine()
        let destination = EmbeddedDestination(engine: fake.engine, environment: ["LANG": lang])
        let submission = try destination.submit(SpeakRequest(text: "Hei"), arrival: .now())
        guard case let .accepted(id) = submission else {
            Issue.record("refused: \(submission)")
            return nil
        }
        fake.finish()
        #expect(fake.timeline.outcome(of: id) == .spoken)
        return fake.timeline.first(.received, of: id)?.announcement.language
    }

    @Test("The language comes from LANG: nb_NO.UTF-8 gives Norwegian")
    func languageDefaultsFromLANG() throws {
        #expect(try Self.language(saidWith: "nb_NO.UTF-8") == .norwegianBokmal)
        #expect(try Self.language(saidWith: "C.UTF-8") == .english)
    }
}
