import NIOCore

/// On a listening channel: hands accept errors to the `ConnectionGate`, which refuses the waiting
/// connection when the process is out of file descriptors, so the event loop never spins on them.
final class AcceptFailureHandler: ChannelInboundHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    private let gate: ConnectionGate
    private let listening: CInt
    private let ssipOnly: Bool

    init(gate: ConnectionGate, listening: CInt, ssipOnly: Bool) {
        self.gate = gate
        self.listening = listening
        self.ssipOnly = ssipOnly
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Only errors of accepting reach a listening channel; none of them closes it.
        if let error = error as? IOError { gate.acceptFailed(error, listening: listening, ssipOnly: ssipOnly) }
    }
}
