/// Why the AT Driver server could not start listening, in one sentence a person can act on.
public enum ATDriverServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another program already listens on the port.
    case portInUse(host: String, port: Int)
    /// Anything else that stopped the server from listening, such as a host that is not an address of this machine.
    case cannotListen(host: String, port: Int, reason: String)

    public var description: String {
        switch self {
        case let .portInUse(host, port):
            "Port \(port) on \(host) is already in use; is another AT Driver server running?"
        case let .cannotListen(host, port, reason):
            "Cannot listen on port \(port) of \(host): \(reason)."
        }
    }
}
