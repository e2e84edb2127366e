import AnnouncerCore
import AnnouncerVoices
import Foundation
import Testing
@testable import AnnouncerFlows

/// The flows shipped in Flows/: each reads without a problem, each step says what it expects under
/// FlowSession, every seed screen comes in English and Bokmål, and the two languages describe the same screens.
@Suite struct ShippedFlowsTests {
    /// The seed screens (docs/FLOWS.md), each shipped as NAME.en.yaml and NAME.nb.yaml.
    static let seedScreens = ["login", "biometric-banner", "form-validation", "captcha"]
    static let languages = ["en", "nb"]

    static var files: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: FlowSessionTests.flowsFolder)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }

    @Test("Flows/ holds every seed screen in English and Bokmål, and nothing else")
    func everySeedScreenInBothLanguages() {
        let expected = Self.seedScreens.flatMap { name in Self.languages.map { "\(name).\($0).yaml" } }.sorted()
        #expect(Self.files == expected)
    }

    @Test("Every flow file reads without a problem, in the language its name says", arguments: files)
    func readsWithoutProblems(file: String) throws {
        let result = FlowReader.read(file: "\(FlowSessionTests.flowsFolder)/\(file)")
        if case let .failure(error) = result { Issue.record("\(file):\n\(error)") }
        let flow = try result.get()
        #expect(file.hasSuffix(".\(flow.language.rawValue).yaml"))
        #expect(!flow.steps.isEmpty)
    }

    @Test("Every step of every flow says what it expects, in VoiceOver's and TalkBack's phrasing, and focus lands where it expects",
          arguments: files, [ReaderStyle.voiceover, .talkback])
    func everyStepHolds(file: String, style: ReaderStyle) throws {
        let (flow, unchecked) = try FlowSessionTests.flow(file).expecting(style)
        #expect(unchecked == 0, "\(file): \(unchecked) steps say nothing in \(style.displayName)'s phrasing")
        var session = FlowSession(flow: flow, profile: FlowSessionTests.voices.profile(for: flow.language)!, style: style)
        for step in session.flow.steps {
            let line = "\(file):\(step.line ?? 0)"
            let said: [Utterance]
            do { said = try session.perform(step.action) } catch {
                Issue.record("\(line): \(error)")
                return
            }
            if let says = step.expectation.says { #expect(said.map(\.text) == says, "\(line)") }
            if let focus = step.expectation.focus { #expect(session.focus == focus, "\(line)") }
            if let order = step.expectation.focusOrder { #expect(session.focusOrder == order, "\(line)") }
        }
    }

    @Test("Every screen checks its focus order once, and every assertive announcement is timed", arguments: files)
    func screensAreWalkedAndAnnouncementsTimed(file: String) throws {
        var session = try FlowSessionTests.session(file)
        var checked: Set<ScreenID> = []
        for step in session.flow.steps {
            let said = try session.perform(step.action)
            if step.expectation.focusOrder != nil, case .check = step.action { checked.insert(session.screenID) }
            if said.contains(where: { $0.isAnnouncement && $0.politeness == .assertive }) {
                #expect(step.expectation.withinMilliseconds == 500, "\(file):\(step.line ?? 0)")
            }
        }
        #expect(checked == Set(session.flow.screens.map(\.id)), "\(file)")
        let withSays = session.flow.steps.filter { $0.expectation.says != nil || !$0.expectation.saysByStyle.isEmpty }.count
        #expect(Double(withSays) >= 0.8 * Double(session.flow.steps.count), "\(file): says on too few steps")
    }

    @Test("Every element has colours, and they pass WCAG 2.2 AA", arguments: files)
    func coloursPassAA(file: String) throws {
        let flow = try FlowSessionTests.flow(file)
        for screen in flow.screens {
            for element in screen.elements + screen.elements.flatMap(\.children) {
                guard let colours = element.colours else {
                    Issue.record("\(file): \(element.id) has no colours")
                    continue
                }
                #expect(colours.contrastRatio >= colours.requiredRatio, "\(file): \(element.id) \(colours.contrastRatio)")
            }
        }
    }

    @Test("The English and the Bokmål file of a screen describe the same screens, elements and steps", arguments: seedScreens)
    func languagesMatch(name: String) throws {
        let english = try FlowSessionTests.flow("\(name).en.yaml")
        let norwegian = try FlowSessionTests.flow("\(name).nb.yaml")
        #expect(english.language == .english)
        #expect(norwegian.language == .norwegianBokmal)
        #expect(english.organisation == norwegian.organisation)
        #expect(english.screens.map(\.id) == norwegian.screens.map(\.id))
        for (en, nb) in zip(english.screens, norwegian.screens) {
            func shape(_ screen: Screen) -> [String] {
                screen.elements.flatMap { [$0] + $0.children }.map {
                    "\($0.id) \($0.role.rawValue) \($0.hidden) \($0.states.sorted()) \($0.colours.map { "\($0.text)/\($0.background)" } ?? "")"
                }
            }
            #expect(shape(en) == shape(nb), "\(name): \(en.id)")
            #expect(en.focusOrder == nb.focusOrder)
        }
        func kinds(_ flow: Flow) -> [String] {
            flow.steps.map { step in
                let action: String = switch step.action {
                case .next: "next"
                case .previous: "previous"
                case let .activate(id): "activate \(id?.rawValue ?? "")"
                case let .press(chord, on): "press \(chord) \(on?.rawValue ?? "")"
                case let .type(_, into): "type \(into?.rawValue ?? "")"
                case let .touch(id): "touch \(id)"
                case .app: "app"
                case .check: "check"
                case let .wait(milliseconds): "wait \(milliseconds)"
                }
                let expect = step.expectation
                return "\(action) says:\(expect.says?.count ?? -1) \(ReaderStyle.allCases.map { expect.saysByStyle[$0]?.count ?? -1 }) focus:\(expect.focus?.rawValue ?? "") within:\(expect.withinMilliseconds ?? 0) order:\(expect.focusOrder?.map(\.rawValue) ?? [])"
            }
        }
        #expect(kinds(english) == kinds(norwegian))
    }
}
