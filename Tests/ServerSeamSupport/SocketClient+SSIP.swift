import TestSupport

extension SocketClient {
    /// Sends one SSIP command and returns its last reply line (the one whose code is followed by a space).
    public func ssip(_ line: String) -> String? {
        send(line + "\r\n")
        while let reply = readLine() {
            if reply.count >= 4, reply[reply.index(reply.startIndex, offsetBy: 3)] == " " { return reply }
        }
        return nil
    }
}
