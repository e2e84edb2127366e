import Glibc

/// Ends the process promptly on a fatal signal (SEGV, BUS, ABRT, ILL, FPE), whether raised by a real
/// crash or sent from outside: one log line, the server's socket files removed, exit status 128 + signal.
///
/// Without this, the Swift runtime's crash handler printed a long backtrace and, for a signal sent
/// from outside, let a half-crashed server carry on. The handler does only what is safe inside a
/// signal handler: write(2) of a line prepared beforehand, unlink(2) of paths prepared beforehand, _exit(2).
public enum FatalSignals {
    /// The signals that end the process this way.
    public static let numbers: [Int32] = [SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE]

    /// Installs the handler and unblocks the signals on the calling thread; `removing` are files to unlink on the
    /// way out (the socket files and their locks). Call it again to change the files; the last call wins.
    public static func install(program: String, removing files: [String]) {
        let prepared = PreparedExit(program: program, files: files)
        // Published before the handler is installed; an older preparation is left in place (a few bytes), never freed under a handler.
        preparedLines = prepared.lines.baseAddress
        preparedFiles = prepared.files.baseAddress
        var action = sigaction()
        action.__sigaction_handler.sa_handler = fatalSignalHandler
        sigemptyset(&action.sa_mask)
        // SA_RESETHAND: a second fault inside the handler ends the process by the default action.
        action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
        for number in numbers { sigaction(number, &action, nil) }
        // A mask passes through exec: a parent that blocks one of these (a test runner blocks SIGABRT)
        // would leave it pending for ever, and the server running. This thread, which lives as long as
        // the program, takes them; threads started before it keep the mask they were given.
        var fatal = sigset_t()
        sigemptyset(&fatal)
        for number in numbers { sigaddset(&fatal, number) }
        pthread_sigmask(SIG_UNBLOCK, &fatal, nil)
    }
}

/// Everything the handler needs, in memory allocated beforehand and never freed, read without locks or reference counting.
struct PreparedExit {
    /// The line to write for each signal number (indexed by it), NUL-terminated, ending in a newline.
    let lines: UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>?>
    /// The files to unlink, NULL-terminated.
    let files: UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>?>

    init(program: String, files: [String]) {
        lines = .allocate(capacity: 65)
        lines.initialize(repeating: nil)
        let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGABRT: "SIGABRT", SIGILL: "SIGILL", SIGFPE: "SIGFPE"]
        for (number, name) in names {
            let text = "\(program): Stopped at once by \(name), a fatal signal; its socket files are removed and it exits with status \(128 + number).\n"
            lines[Int(number)] = strdup(text)
        }
        self.files = .allocate(capacity: files.count + 1)
        for (index, file) in files.enumerated() { self.files[index] = strdup(file) }
        self.files[files.count] = nil
    }
}

// Set once, before the handler is installed, and then only read, by the handler, which may take no lock.
nonisolated(unsafe) private var preparedLines: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
nonisolated(unsafe) private var preparedFiles: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

/// The signal handler itself: only async-signal-safe calls, on plain pointers.
private func fatalSignalHandler(_ number: Int32) {
    if let lines = preparedLines, (0..<65).contains(number), let line = lines[Int(number)] {
        _ = write(STDERR_FILENO, line, strlen(line))
    }
    if let files = preparedFiles {
        var index = 0
        while let file = files[index] {
            unlink(file)
            index += 1
        }
    }
    _exit(128 + number)
}
