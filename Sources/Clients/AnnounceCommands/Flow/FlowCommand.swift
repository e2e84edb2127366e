import ArgumentParser

/// `announce flow`: hear an app's screens as a screen reader speaks them, or check what is said, and when.
struct FlowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flow",
        abstract: "Play a flow file by keyboard, or check it headless.",
        discussion: """
        A flow file describes an app's screens (elements with their labels, roles and states) and \
        steps through them, in English or Norwegian; docs/FLOWS.md describes the format, and Flows/ \
        holds the seed screens. play speaks each element as you move through it with the keyboard; \
        check runs every step and expectation and lints every screen.
        """,
        subcommands: [FlowPlayCommand.self, FlowCheckCommand.self, FlowImportCommand.self]
    )
}
