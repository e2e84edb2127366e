import AnnouncerCommandLine
import AnnouncerWeb
import Foundation
import Synchronization

/// The one headless Chromium of a command, started when a page is first needed and ended with the
/// command: at its end, or on Ctrl-C or SIGTERM, which close it and remove its profile before exiting.
final class WebSession: Sendable {
    static let shared = WebSession()
    private let started = Mutex<ChromiumBrowser?>(nil)
    private let interrupted = Atomic<Bool>(false)
    /// What the command must do before it exits on a signal, such as giving the terminal back.
    private let beforeExit = Mutex<(@Sendable (Int32) -> Void)?>(nil)

    /// Runs `work` first when a signal ends the command.
    func onInterrupt(_ work: @escaping @Sendable (Int32) -> Void) {
        beforeExit.withLock { $0 = work }
    }

    func browser() throws(WebError) -> ChromiumBrowser {
        if let running = started.withLock({ $0 }) { return running }
        PlainOutput.error("Starting headless Chromium.")
        let browser = try ChromiumBrowser.launch()
        started.withLock { $0 = browser }
        TerminationSignals.install { [self] signalNumber in
            interrupted.store(true, ordering: .releasing)
            beforeExit.withLock { $0 }?(signalNumber)
            close()
            exit(128 + signalNumber)
        }
        return browser
    }

    /// Ctrl-C closes the browser under a page, which fails what it was doing; the signal's exit is the
    /// one to take, so a failure after it waits here for that exit instead of reporting itself.
    func waitIfInterrupted() {
        while interrupted.load(ordering: .acquiring) { sleep(1) }
    }

    /// Ends the browser, if one was started.
    func close() {
        let browser = started.withLock { state in
            defer { state = nil }
            return state
        }
        browser?.close()
    }
}
