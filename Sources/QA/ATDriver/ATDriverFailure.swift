/// Why a command failed: one of the specification's error codes, with a sentence a person can act on.
public enum ATDriverFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The command's arguments are missing, malformed or out of range.
    case invalidArgument(String)
    /// The connection has no session, and the command needs one.
    case invalidSessionID(String)
    /// The server knows no command of that name.
    case unknownCommand(String)
    /// A session could not be started: one is already open, or the capabilities do not match.
    case sessionNotCreated(String)
    /// `interaction.userIntent` named an intent this server does not support.
    case unknownUserIntent(String)
    /// The keys could not be sent, such as when the X display is gone.
    case cannotSimulateKeyboardInteraction(String)
    /// The application with the keyboard focus is not the one the keys are meant for.
    case invalidOSFocusState(String)
    /// Anything else that went wrong in the backend.
    case unknownError(String)

    /// The code the error response carries.
    public var code: ATDriverErrorCode {
        switch self {
        case .invalidArgument: .invalidArgument
        case .invalidSessionID: .invalidSessionID
        case .unknownCommand: .unknownCommand
        case .sessionNotCreated: .sessionNotCreated
        case .unknownUserIntent: .unknownUserIntent
        case .cannotSimulateKeyboardInteraction: .cannotSimulateKeyboardInteraction
        case .invalidOSFocusState: .invalidOSFocusState
        case .unknownError: .unknownError
        }
    }

    /// The sentence the error response carries.
    public var message: String {
        switch self {
        case let .invalidArgument(message), let .invalidSessionID(message), let .unknownCommand(message),
             let .sessionNotCreated(message), let .unknownUserIntent(message),
             let .cannotSimulateKeyboardInteraction(message), let .invalidOSFocusState(message),
             let .unknownError(message):
            message
        }
    }

    public var description: String { message }
}
