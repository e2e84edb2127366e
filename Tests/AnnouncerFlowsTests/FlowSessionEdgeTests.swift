import AnnouncerCore
import AnnouncerVoices
import Testing
@testable import AnnouncerFlows

/// Edge cases of reading and running flows, each once a bug: focus must only ever rest where a
/// screen-reader user could put it.
@Suite struct FlowSessionEdgeTests {
    static let profile = FlowSessionTests.voices.profile(for: .english)!

    static func session(_ yaml: String) throws -> FlowSession {
        FlowSession(flow: try FlowReader.read(yaml: yaml, file: "edge.yaml").get(), profile: profile)
    }

    static func problems(_ yaml: String) -> [String] {
        if case let .failure(error) = FlowReader.read(yaml: yaml, file: "edge.yaml") { return error.problems.map(\.message) }
        return []
    }

    static let screenHeader = "flow: Edge\nlanguage: en\nscreens:\n"

    @Test("An id named twice in focus_order is one stop, so swiping reaches every element")
    func repeatedIDIsOneStop() throws {
        var session = try Self.session(Self.screenHeader + """
              - id: s
                focus_order: [p, q, p, r]
                elements:
                  - { id: p, role: button, label: P }
                  - { id: q, role: button, label: Q }
                  - { id: r, role: button, label: R }
            """)
        let said = try (0..<4).flatMap { _ in try session.perform(.next).map(\.text) }
        #expect(said == ["P, button", "Q, button", "R, button"])
    }

    @Test("Touching an element inside a group puts focus on the group, which is read as one stop")
    func touchingAGroupChildFocusesTheGroup() throws {
        var session = try Self.session(Self.screenHeader + """
              - id: s
                elements:
                  - { id: top, role: header, label: Top }
                  - id: row
                    role: group
                    label: Captcha
                    elements:
                      - { id: picture, role: image, label: Letters }
                      - { id: again, role: button, label: New picture }
                  - { id: after, role: button, label: After }
            """)
        #expect(try session.perform(.touch("again")).map(\.text) == ["Captcha, Letters, New picture, button"])
        #expect(session.focus == "row")
        #expect(try session.perform(.next).map(\.text) == ["After, button"])
    }

    @Test("A hidden element cannot be touched, typed into or activated, and a hidden group child is not read")
    func hiddenElementsAreOutOfReach() throws {
        var session = try Self.session(Self.screenHeader + """
              - id: s
                elements:
                  - { id: later, role: button, label: Later, hidden: true }
                  - id: row
                    role: group
                    label: Row
                    elements:
                      - { id: shown, role: button, label: Go }
                      - { id: secret, role: static_text, label: Not shown yet, hidden: true }
            """)
        #expect(throws: FlowError.hidden("later")) { try session.perform(.touch("later")) }
        #expect(throws: FlowError.hidden("later")) { try session.perform(.activate("later")) }
        #expect(try session.perform(.next).map(\.text) == ["Row, Go, button"])
    }

    @Test("A focus reaction to an element on another screen does not move focus there")
    func focusStaysOnTheCurrentScreen() throws {
        var session = try Self.session(Self.screenHeader + """
              - id: first
                elements:
                  - id: go
                    role: button
                    label: Go
                    on_activate: [{ focus: elsewhere }]
              - id: second
                elements:
                  - { id: elsewhere, role: button, label: Elsewhere }
            """)
        _ = try session.perform(.next)
        #expect(try session.perform(.activate(nil)).isEmpty)
        #expect(session.focus == "go")
    }

    @Test("Two screens with one id, the reserved id first_invalid, a bad date pattern and a signed colour are reported")
    func readerRefusesAmbiguousFlows() {
        let problems = Self.problems(Self.screenHeader + """
              - id: a
                elements:
                  - { id: first_invalid, role: button, label: X, colours: { text: "#+12345", background: "#FFFFFF" } }
                  - id: when
                    role: text_field
                    label: When
                    validate: { rules: [{ date: mm/dd/yyyyyyyyyyyyyyyyyyyyyyy }, { min_length: 2, required: 1 }], error: Bad }
              - id: a
                elements:
                  - { id: y, role: button, label: Y }
            """)
        #expect(problems.contains("The screen id \"a\" is used by another screen already; screen ids are unique in a flow."))
        #expect(problems.contains("The id \"first_invalid\" is kept for focus: first_invalid; choose another."))
        #expect(problems.contains { $0.hasPrefix("The date pattern \"mm/dd/yyyyyyyyyyyyyyyyyyyyyyy\" must hold dd, mm and yyyy once each") })
        #expect(problems.contains("A rule written as a mapping names one rule, such as {min_length: 8}; this one names 2."))
        #expect(problems.contains("\"#+12345\" is not a colour; write it as #RRGGBB, such as #0B5CAD."))
    }

    @Test("One character in a secure field is read as one character, not one characters")
    func oneSecureCharacterIsSingular() throws {
        var session = try Self.session(Self.screenHeader + """
              - id: s
                elements:
                  - { id: pin, role: secure_text_field, label: PIN }
            """)
        _ = try session.perform(.next)
        #expect(try session.perform(.type("7", into: nil)).map(\.text) == ["PIN, 1 character, secure text field"])
    }

    @Test("A group with an invalid field says the error once, not invalid data as well")
    func groupSaysErrorOnce() throws {
        var session = try Self.session(Self.screenHeader + """
              - id: s
                elements:
                  - id: row
                    role: group
                    label: Row
                    elements:
                      - { id: code, role: text_field, label: Code, state: [invalid], error: Wrong }
            """)
        #expect(try session.perform(.next).map(\.text) == ["Row, Code, text field. Error: Wrong"])
    }
}
