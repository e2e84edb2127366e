@testable import AnnouncerFlows
import AnnouncerCore
import Foundation
import Testing

/// `FlowFileWriter`, which `flow import` writes pages with: what it writes reads back the same.
@Suite struct FlowFileWriterTests {
    /// The flow without what the writer leaves out, and without the lines and file it was read from.
    static func comparable(_ flow: Flow) -> Flow {
        var flow = flow
        flow.file = ""
        flow.organisation = nil
        func strip(_ element: Element) -> Element {
            var element = element
            element.line = nil
            element.onActivate = []
            element.validation = nil
            element.cognitiveTest = nil
            element.children = element.children.map(strip)
            return element
        }
        flow.screens = flow.screens.map { screen in
            var screen = screen
            screen.line = nil
            screen.elements = screen.elements.map(strip)
            return screen
        }
        flow.steps = flow.steps.filter { if case .app = $0.action { false } else { true } }.map { step in
            var step = step
            step.line = nil
            return step
        }
        return flow
    }

    @Test("Every shipped flow, written and read again, has the same screens, elements and steps", arguments: ["login.en.yaml", "login.nb.yaml", "captcha.en.yaml", "form-validation.nb.yaml"])
    func roundTrip(file: String) throws {
        let original = Self.comparable(try FlowSessionTests.flow(file))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FlowFileWriter.yaml(original, comment: ["A comment."]).write(toFile: "\(folder)/\(file)", atomically: true, encoding: .utf8)
        let read = Self.comparable(try FlowReader.read(file: "\(folder)/\(file)").get())
        #expect(read == original)
    }

    @Test("Quotes, backslashes, new lines and control characters are escaped so the text reads back exactly")
    func textsAreQuoted() throws {
        let text = "Say \"hi\" \\ then\nnext\tand \u{1}."
        #expect(FlowFileWriter.quoted(text) == #""Say \"hi\" \\ then\nnext\tand \x01.""#)
        let element = Element(id: "odd", role: .button, label: text)
        let flow = Flow(name: text, language: .english, screens: [Screen(id: "page", elements: [element])], steps: [], file: "")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FlowFileWriter.yaml(flow).write(toFile: "\(folder)/odd.en.yaml", atomically: true, encoding: .utf8)
        let read = try FlowReader.read(file: "\(folder)/odd.en.yaml").get()
        #expect(read.name == text && read.screens.first?.elements.first?.label == text)
    }

    @Test("A page's flow is written with its page, its arrow steps and every style's phrases, and reads back the same")
    func pageFlowWithArrowStepsRoundTrips() throws {
        func says(_ phrases: [ReaderStyle: [String]], focus: ElementID) -> AnnouncerFlows.Expectation {
            var expectation = AnnouncerFlows.Expectation(focus: focus)
            expectation.saysByStyle = phrases
            return expectation
        }
        let steps = [
            Step(action: .next, expectation: says([.voiceover: ["Crust, radio group. Thin, radio button, selected, 1 of 2"], .talkback: ["checked, Thin, Radio button, 1 of 2"],
                                                  .nvda: ["Crust grouping. Thin, radio button, checked, 1 of 2"], .orca: ["Crust panel. Thin selected radio button"]], focus: "thin")),
            Step(action: .press(KeyChord(key: .arrowDown), on: nil), expectation: says([.voiceover: ["Deep, radio button, selected, 2 of 2"], .talkback: ["checked, Deep, Radio button, 2 of 2"],
                                                                                        .nvda: ["Deep, radio button, checked, 2 of 2"], .orca: ["Deep selected radio button"]], focus: "deep")),
            // A key after which a style says nothing is written as silence, not left out.
            Step(action: .press(KeyChord(key: .end), on: nil), expectation: says([.voiceover: [], .talkback: [], .nvda: [], .orca: []], focus: "deep")),
        ]
        let flow = Flow(name: "Crust", language: .english, screens: [], steps: steps, file: "", page: "crust.en.html")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let text = FlowFileWriter.yaml(flow)
        for line in ["page: \"crust.en.html\"", "  - press: \"ArrowDown\"", "  - press: \"End\"", "          voiceover: []",
                     "          orca: \"Crust panel. Thin selected radio button\""] {
            #expect(text.contains(line + "\n"), "\(line)")
        }
        #expect(!text.contains("screens:"))
        try text.write(toFile: "\(folder)/crust.en.yaml", atomically: true, encoding: .utf8)
        var read = try FlowReader.read(file: "\(folder)/crust.en.yaml").get()
        #expect(read.page == "\(folder)/crust.en.html")
        read.page = flow.page
        #expect(Self.comparable(read) == Self.comparable(flow))
    }
}
