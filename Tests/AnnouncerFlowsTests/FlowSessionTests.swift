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
