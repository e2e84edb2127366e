import Glibc
import Spawning

/// Lines read from a descriptor as they come, with a time limit, until it ends or a stop is signalled.
struct InputLines {
    enum Next {
        case line(String)
        case timedOut
        case end
        case stop
    }

    let descriptor: Int32
    private var pending: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line; `timeout` in milliseconds, -1 for none.
    mutating func next(timeout: Int32, orStop stop: Int32) -> Next {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeFirst(newline + 1)
                return .line(line)
            }
            var watched = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
            let ready = SystemCall.retrying { poll(&watched, stop >= 0 ? 2 : 1, timeout) }
            if ready < 0 { return .end }
            if ready == 0 { return .timedOut }
            if stop >= 0, watched[1].revents != 0 { return .stop }
            var chunk = [UInt8](repeating: 0, count: 256)
            let count = chunk.withUnsafeMutableBytes { SystemCall.read(descriptor, into: $0) } ?? 0
            guard count > 0 else { return .end }
            pending += chunk[..<count]
        }
    }
}
