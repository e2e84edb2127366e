import Glibc
import NIOCore
import Synchronization

/// Gives freed memory back to the system a moment after a flood of unread output was let go:
/// glibc keeps freed memory for reuse, so without this the server stayed at its peak after
/// hundreds of slow readers had gone.
enum MemoryTrim {
    private static let scheduled = Atomic<Bool>(false)

    /// Trims once, a second from now, however many times it is asked meanwhile.
    static func soon(on eventLoop: any EventLoop) {
        guard !scheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        eventLoop.scheduleTask(in: .seconds(1)) {
            scheduled.store(false, ordering: .releasing)
            _ = systemMallocTrim(0)
        }
    }
}

/// glibc's malloc_trim(3), which Swift's Glibc module does not import (it lives in malloc.h).
@_silgen_name("malloc_trim")
private func systemMallocTrim(_ pad: Int) -> Int32
