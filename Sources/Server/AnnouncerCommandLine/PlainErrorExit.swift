public import ArgumentParser
import Foundation

/// Ends a command that failed to parse or to run the way people read it: the parser's message as
/// plain lines fitted to 80 cells on standard error (ArgumentParser's own help lines can run to 200
/// characters), then its exit status. Help and --version are written as the parser writes them.
public enum PlainErrorExit {
    public static func exit<Command: ParsableCommand>(_ command: Command.Type, for error: any Error) -> Never {
        let code = command.exitCode(for: error)
        if code != .success {
            let text = command.fullMessage(for: error)
            if !text.isEmpty { PlainOutput.error(text) }
            Foundation.exit(code.rawValue)
        }
        command.exit(withError: error)
    }
}
