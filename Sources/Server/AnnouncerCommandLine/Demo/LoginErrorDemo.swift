public import AnnouncerCore
public import AnnouncerEngine
import Foundation

/// The spoken demo: on a login screen, a polite status is cut by an assertive error,
/// first in English, then in Norwegian Bokmål.
public struct LoginErrorDemo: Sendable {
    /// One language's pair of announcements.
    public struct Scene: Sendable {
        public var language: Language
        public var status: String
        public var error: String
    }

    public static let scenes = [
        Scene(
            language: .english,
            status: "Checking your sign-in details. Please wait while we contact the server.",
            error: "Error: Must be a valid email address."
        ),
        Scene(
            language: .norwegianBokmal,
            status: "Kontrollerer innloggingsopplysningene dine. Vent mens vi kontakter serveren.",
            error: "Feil: Skriv inn en gyldig e-postadresse."
        ),
    ]

    /// How long the status speaks before the error cuts it.
    public var statusHeadStart: Duration = .milliseconds(900)

    public init() {}

    /// Plays every scene on `engine`; returns each error announcement's outcome, in scene order.
    public func run(on engine: SpeechEngine) -> [(scene: Scene, error: Announcement, outcome: Outcome)] {
        var results: [(Scene, Announcement, Outcome)] = []
        for scene in Self.scenes {
            let status = try! Announcement(text: scene.status, politeness: .polite, language: scene.language, region: RegionID("login-status"), arrival: .now())
            engine.submit(status)
            Thread.sleep(forTimeInterval: Double(statusHeadStart.microseconds) / 1_000_000)
            let error = try! Announcement(text: scene.error, politeness: .assertive, language: scene.language, region: RegionID("login-error"), arrival: .now())
            let outcome = OutcomeBox()
            engine.submit(error) { outcome.set($0) }
            engine.scheduler.waitUntilIdle()
            results.append((scene, error, outcome.get() ?? .failed(reason: "No outcome was recorded.")))
        }
        return results
    }
}
