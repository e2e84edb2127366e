public import AnnouncerCore
public import AnnouncerFlows
public import AnnouncerVoices
import Foundation

/// Makes a flow of a real page whose steps are real keys, for a page with widgets that a described
/// screen cannot operate: Tab to each stop and, in a widget the arrows operate, the keys its pattern
/// takes (`WidgetKeys`). Each step expects what every reader style says there, heard on a fresh copy of
/// the page as `web check` hears it, the containers said on entry included, so `web check` passes the
/// flow in every style until the page changes.
public enum PageKeyFlowImporter {
    /// What Tab reaches on a fresh copy of the page, from the top, each as a screen reader reads it there: a
    /// list box as its active option, a button in a heading as the button.
    public static func stops(of address: String, in browser: ChromiumBrowser) throws(WebError) -> [Element] {
        let page = try WebPage.open(address, in: browser)
        defer { page.close() }
        var stops: [Element] = []
        try PageReader.forEachTabStop(page, atMost: 500) { _ throws(WebError) in
            if let element = try PageReader.focusedElement(page)?.element { stops.append(element) }
        }
        return stops
    }

    /// A Tab for each stop, each followed by its widget's keys.
    public static func steps(for stops: [Element]) -> [Step] {
        stops.flatMap { [Step(action: .next)] + WidgetKeys.keys(for: $0).map { Step(action: .press($0, on: nil)) } }
    }

    /// The flow of `address`, named `title`, whose `page:` is written as `written`: `steps` run on the
    /// page once in each style, each step expecting what that style said and where focus came to rest.
    public static func flow(
        of address: String, written: String, title: String, language: Language, profile: VoiceProfile,
        steps: [Step], in browser: ChromiumBrowser
    ) throws(WebError) -> Flow {
        var flow = Flow(name: title, language: language, screens: [], steps: steps, file: written, page: written)
        for style in ReaderStyle.allCases {
            let checker = WebChecker(flow: flow, profile: profile)
            checker.style = style
            let page = try WebPage.open(address, in: browser, onChange: { checker.hear($0) })
            let heard = checker.run(page: page, speaker: SilentSpeaker()).heard
            page.close()
            for (index, step) in heard.enumerated() where flow.steps.indices.contains(index) {
                flow.steps[index].expectation.saysByStyle[style] = step.utterances.map(\.text)
                if style == .voiceover, let focus = step.focusAfter { flow.steps[index].expectation.focus = focus }
            }
        }
        return flow
    }

    /// Hears nothing and waits for nothing: only what the virtual reader composed is wanted.
    private final class SilentSpeaker: FlowSpeaker {
        private var count = 0
        func say(_ utterance: Utterance) throws -> String {
            count += 1
            return "import.\(count)"
        }
        func cancel(_ id: String) {}
        func waitUntilHeardOrEnded(_ id: String, timeout: Duration) -> HeardTimes? { nil }
        func waitUntilEnded(_ ids: [String], timeout: Duration) -> Bool { true }
    }
}
