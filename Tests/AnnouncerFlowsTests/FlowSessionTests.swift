import AnnouncerCore
import AnnouncerVoices
import Foundation
import Testing
@testable import AnnouncerFlows

/// The flow session as a state machine: actions in, phrases out, against the shipped flows and profiles.
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

    @Test("Every step of the English login flow says what it expects, in order")
    func englishLoginStepsSayWhatTheyExpect() throws {
        var session = try Self.session("login.en.yaml")
        for step in session.flow.steps {
            let said = try session.perform(step.action).map(\.text)
            if let says = step.expectation.says { #expect(said == says, "line \(step.line ?? 0)") }
            if let focus = step.expectation.focus { #expect(session.focus == focus, "line \(step.line ?? 0)") }
            if let order = step.expectation.focusOrder { #expect(session.focusOrder == order, "line \(step.line ?? 0)") }
        }
    }
}
