// Fuzzes flow files: the input, as YAML text, is read by FlowReader.read(yaml:file:). A flow that
// reads is linted (FlowLinter.lint) and played: a FlowSession with the shipped profile of its language
// performs every step, then swipes through the screen both ways, as `flow check` and `flow play` do.
// Asserts: no crash or hang; a refused file names at least one problem, each a sentence; every
// phrase spoken in a session is text (a step may fail with a FlowError, which is the sentence
// `flow check` shows).
import AnnouncerCore
import AnnouncerFlows
import AnnouncerVoices
import FuzzSupport

/// The entry point SwiftPM links as `main`: libFuzzer's driver, with this harness.
@_cdecl("FuzzFlow_main")
public func fuzzFlowMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzFlow)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFlow(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let yaml = String(decoding: fuzzInput(data, size), as: UTF8.self)
    let flow: Flow
    switch FlowReader.read(yaml: yaml, file: "fuzz.yaml") {
    case let .failure(error):
        if error.problems.isEmpty || error.problems.contains(where: { $0.message.isEmpty }) {
            fuzzFailure("a refused flow without a sentence saying why: \(error.problems)")
        }
        return 0
    case let .success(read):
        flow = read
    }
    _ = FlowLinter.lint(flow)
    let profile = shippedVoices.profile(for: flow.language) ?? .bare(flow.language)
    var session = FlowSession(flow: flow, profile: profile)
    var actions = flow.steps.map(\.action)
    actions += Array(repeating: StepAction.next, count: 4) + Array(repeating: StepAction.previous, count: 4) + [.activate(nil)]
    for action in actions {
        do {
            let utterances = try session.perform(action)
            for utterance in utterances { _ = utterance.text.utf8.count }
            _ = session.focusOrder.map { session.phrase(of: $0, hints: true) }
        } catch {
            if error.description.isEmpty { fuzzFailure("a flow error without a sentence") }
        }
    }
    return 0
}
