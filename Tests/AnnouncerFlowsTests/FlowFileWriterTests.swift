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
}
