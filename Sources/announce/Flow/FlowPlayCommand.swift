import AnnouncerCommandLine
import ArgumentParser

/// `announce flow play FILE`: steps through a flow by keyboard, speaking each element.
struct FlowPlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "play", abstract: "Step through a flow by keyboard, hearing each element.")

    @Argument(help: "The flow file.")
    var file: String

    func run() throws {
        throw CommandFailure("flow play is being built; use flow check for now.")
    }
}
