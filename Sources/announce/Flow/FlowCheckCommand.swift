import AnnouncerCommandLine
import ArgumentParser

/// `announce flow check FILE…`: runs every step and expectation headless and lints every screen.
struct FlowCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Run every step of flows headless, and lint their screens.")

    @Argument(help: "The flow files.")
    var files: [String]

    func run() throws {
        throw CommandFailure("flow check is being built.")
    }
}
