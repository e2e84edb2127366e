public import Glibc
import SystemPackage

/// The one errno and EINTR funnel: reads and writes through swift-system's `FileDescriptor`, which
/// retries a call a signal interrupted, and the calls swift-system lacks (`waitpid`, `waitid`, `poll`,
/// `writev`) retried here the same way. No other code loops on EINTR.
public enum SystemCall {
    /// Runs `call` again while it fails with EINTR; its result, with `errno` set when it is negative.
    public static func retrying<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    /// read(2) into `buffer`: the count read, 0 at the end of the file, nil on an error (`errno` says which).
    public static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        do {
            return try FileDescriptor(rawValue: descriptor).read(into: buffer)
        } catch {
            errno = (error as? Errno)?.rawValue ?? EIO
            return nil
        }
    }

    /// Reads until `buffer` is full; false when the file ended first or a read failed.
    public static func readAll(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        var offset = 0
        while offset < buffer.count {
            guard let count = read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset...])), count > 0 else {
                return false
            }
            offset += count
        }
        return true
    }

    /// write(2) of every byte, however the descriptor splits them; false on an error (`errno` says which).
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        do {
            _ = try FileDescriptor(rawValue: descriptor).writeAll(bytes)
            return true
        } catch {
            errno = (error as? Errno)?.rawValue ?? EIO
            return false
        }
    }

    /// writev(2) of every byte of `head` and then `body` in one call where the descriptor takes them,
    /// so a frame's header and its samples go from where they lie, with no copy into one buffer.
    public static func writeAll(_ descriptor: Int32, _ head: UnsafeRawBufferPointer, _ body: UnsafeRawBufferPointer) -> Bool {
        var head = head
        var body = body
        while !head.isEmpty || !body.isEmpty {
            // On the stack: no allocation per frame.
            let written = withUnsafeTemporaryAllocation(of: iovec.self, capacity: 2) { parts in
                parts[0] = iovec(iov_base: UnsafeMutableRawPointer(mutating: head.baseAddress), iov_len: head.count)
                parts[1] = iovec(iov_base: UnsafeMutableRawPointer(mutating: body.baseAddress), iov_len: body.count)
                return retrying { writev(descriptor, parts.baseAddress, 2) }
            }
            guard written >= 0 else { return false }
            let fromHead = min(written, head.count)
            head = UnsafeRawBufferPointer(rebasing: head[fromHead...])
            body = UnsafeRawBufferPointer(rebasing: body[(written - fromHead)...])
        }
        return true
    }
}
