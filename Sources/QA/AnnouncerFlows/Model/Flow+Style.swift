extension Flow {
    /// The style its plain `says` are written in: its `style:`, else VoiceOver's.
    public var writtenStyle: ReaderStyle { style ?? .voiceover }

    /// The flow as checked in `style`: each step's `says` is the one written for that style
    /// (`says: { virtual: { talkback: … } }`), or its plain `says` when the flow is written in that style;
    /// a step with neither has its `says` left unchecked, and is counted in `unchecked`.
    public func expecting(_ style: ReaderStyle) -> (flow: Flow, unchecked: Int) {
        var flow = self
        var unchecked = 0
        for index in flow.steps.indices {
            var expectation = flow.steps[index].expectation
            if let said = expectation.saysByStyle[style] {
                expectation.says = said
            } else if style != writtenStyle, expectation.says != nil {
                expectation.says = nil
                unchecked += 1
            }
            flow.steps[index].expectation = expectation
        }
        return (flow, unchecked)
    }
}
