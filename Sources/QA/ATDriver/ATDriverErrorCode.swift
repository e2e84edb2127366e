/// The error codes of the AT Driver specification, as its error responses spell them.
public enum ATDriverErrorCode: String, Sendable, Hashable, Codable, CaseIterable {
    case invalidArgument = "invalid argument"
    case invalidSessionID = "invalid session id"
    case unknownCommand = "unknown command"
    case sessionNotCreated = "session not created"
    case unknownUserIntent = "unknown user intent"
    case cannotSimulateKeyboardInteraction = "cannot simulate keyboard interaction"
    case invalidOSFocusState = "invalid OS focus state"
    case unknownError = "unknown error"
}
