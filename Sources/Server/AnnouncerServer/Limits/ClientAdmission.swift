/// The answer to one announcement a client sent: accepted, or refused and why; with any change in
/// whether the client is throttled.
public enum ClientAdmission: Sendable, Equatable {
    case accepted(ThrottleChange?)
    case refused(ClientRefusal, ThrottleChange?)
}
