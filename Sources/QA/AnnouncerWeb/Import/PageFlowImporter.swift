public import AnnouncerCore
public import AnnouncerFlows
public import AnnouncerVoices

/// Makes a flow file from a real page's screen, so a tester starts from the app rather than a blank
/// file: its elements with their labels, roles, states and colours, its focus order, and steps that
/// swipe through it expecting what a screen reader says there now.
public enum PageFlowImporter {
    /// The flow of `snapshot`, in `language`, with one screen named `page`.
    /// `style` is the reader whose phrasing the steps expect; it is written as the flow's `style:` unless it is VoiceOver's.
    public static func flow(from snapshot: PageSnapshot, address: String, language: Language, profile: VoiceProfile, style: ReaderStyle = .voiceover) -> Flow {
        let elements = snapshot.elements.map(\.element)
        let reading = elements.map(\.id)
        let interactive = elements.filter(\.isInteractive).map(\.id)
        // The swipe order is the reading order; when Tab takes the interactive elements in another
        // order (a positive tabindex), that order is kept for them, for the lint to judge.
        var focusOrder: [ElementID]?
        let tabbed = snapshot.tabOrder.filter(interactive.contains)
        if !tabbed.isEmpty, tabbed != interactive.filter(tabbed.contains) {
            var queue = tabbed[...]
            focusOrder = reading.map { id in interactive.contains(id) && tabbed.contains(id) ? queue.popFirst() ?? id : id }
        }
        let title = snapshot.title.isEmpty ? address : snapshot.title
        let screen = Screen(id: "page", title: title, elements: elements, focusOrder: focusOrder)
        var flow = Flow(name: title, language: language, screens: [screen], steps: [], file: address)
        if style != .voiceover { flow.style = style }
        var session = FlowSession(flow: flow, profile: profile, style: style)
        var steps = [Step(action: .check, expectation: Expectation(focusOrder: screen.swipeOrder))]
        for _ in screen.swipeOrder {
            let said = (try? session.perform(.next))?.map(\.text) ?? []
            steps.append(Step(action: .next, expectation: Expectation(says: said, focus: session.focus)))
        }
        flow.steps = steps
        return flow
    }
}
