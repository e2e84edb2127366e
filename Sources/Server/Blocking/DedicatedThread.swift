#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A thread of its own for work that must never run on the cooperative pool (a supervisor, a watcher,
/// a reader): started at once, never joined, and made with pthreads, so a program that needs nothing
/// else of Foundation (the synthesis worker) does not load it for its threads.
public enum DedicatedThread {
    /// Starts `body` on a new thread named `name`; Linux keeps the first 15 bytes of the name.
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(name: name, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, { context in
            let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
            if let setName { _ = String(decoding: work.name.utf8.prefix(15), as: UTF8.self).withCString { setName(pthread_self(), $0) } }
            work.body()
            return nil
        }, work)
        precondition(result == 0, "A thread could not be started (error \(result)): the process is out of threads or memory.")
    }

    private final class Work {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
}

/// glibc's `pthread_setname_np`, which its header declares only under `_GNU_SOURCE` (which Swift's Glibc
/// module does not define), so it is looked up by name; nil on a C library without it.
private let setName: (@convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32)? = {
    guard let symbol = dlsym(nil, "pthread_setname_np") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32).self)
}()
