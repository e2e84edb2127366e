import AnnouncerCore
import AnnouncerVoices
import Foundation
import Testing
@testable import AnnouncerFlows

/// The flow session as a state machine: actions in, phrases out, against the shipped flows and profiles.
/// Every shipped flow's steps are run in ShippedFlowsTests; these are the helpers the flow tests share.
@Suite struct FlowSessionTests {
    static let voices = VoiceLibrary.standard(environment: [:])
    static let flowsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Flows").path

    static func flow(_ name: String) throws -> Flow {
        try FlowReader.read(file: "\(flowsFolder)/\(name)").get()
    }

    static func session(_ name: String) throws -> FlowSession {
        let flow = try flow(name)
        return FlowSession(flow: flow, profile: voices.profile(for: flow.language)!)
    }

    @Test("At either end of the focus order a swipe stays where it is and says nothing")
    func swipesStopAtTheEnds() throws {
        var session = try Self.session("login.en.yaml")
        #expect(try session.perform(.previous).map(\.text) == ["Sign in, button"])
        #expect(try session.perform(.next).map(\.text) == [])
        #expect(session.focus == "sign-in")
    }
}

/// The checker's verdicts when speech goes wrong, with a speaker that fails on purpose.
@Suite struct FlowCheckerVerdictTests {
    /// A speaker whose utterances are never heard, or cannot be sent at all.
    final class SilentSpeaker: FlowSpeaker {
        let refuses: Bool
        init(refuses: Bool) { self.refuses = refuses }
        struct Refused: Error, CustomStringConvertible { var description: String { "the server refused it" } }
        func say(_ utterance: Utterance) throws -> String {
            if refuses { throw Refused() }
            return UUID().uuidString
        }
        func cancel(_ id: String) {}
        func waitUntilHeardOrEnded(_ id: String, timeout: Duration) -> HeardTimes? { HeardTimes(firstAudio: nil, outcome: .failed) }
        func waitUntilEnded(_ ids: [String], timeout: Duration) -> Bool { true }
    }

    static func run(_ speaker: some FlowSpeaker) throws -> [CheckResult] {
        let flow = try FlowSessionTests.flow("login.en.yaml").expecting(.voiceover).flow
        let profile = FlowSessionTests.voices.profile(for: .english)!
        return FlowChecker(flow: flow, profile: profile).run(speaker: speaker)
    }

    @Test("A phrase that was composed but never heard fails its says check")
    func unheardPhraseFailsSays() throws {
        let results = try Self.run(SilentSpeaker(refuses: false))
        let says = results.filter { $0.kind == .says }
        #expect(!says.isEmpty && says.allSatisfy { !$0.passed })
        #expect(says.first?.message.hasSuffix("was never heard: it ended failed.") == true)
    }

    @Test("A phrase that could not be sent fails the step, saying why")
    func refusedPhraseFailsTheStep() throws {
        let results = try Self.run(SilentSpeaker(refuses: true))
        #expect(results.contains { $0.kind == .step && !$0.passed && $0.message.hasSuffix("could not be spoken: the server refused it") })
        #expect(!results.contains { $0.kind == .says && $0.passed })
    }
}
