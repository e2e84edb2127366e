import AnnouncerCommandLine
import AnnouncerWeb
import Foundation
import ScreenReaderRig
import Synchronization

/// The one headless Chromium of a command, started when a page is first needed and ended with the
/// command: at its end, or on Ctrl-C or SIGTERM, which close it and remove its profile before exiting.
final class WebSession: Sendable {
    static let shared = WebSession()
    private let started = Mutex<ChromiumBrowser?>(nil)
    /// The private desktop with Orca and a Chromium in a real window, when the command runs one.
    private let desktop = Mutex<OrcaDesktop?>(nil)
    /// The desktop while Orca and Chromium start on it, so a signal then still ends it.
    private let starting = Mutex<PrivateDesktop?>(nil)
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
        closeOnSignals()
        return browser
    }

    /// The private desktop with the real Orca, started on first use with `options` and ended with the command.
    func orca(_ options: OrcaDesktop.Options) throws(RigError) -> OrcaDesktop {
        if let running = desktop.withLock({ $0 }) { return running }
        // Signals are handled from the start, so a Ctrl-C while it starts still ends what has started.
        closeOnSignals()
        let started = Date()
        let rig = try OrcaDesktop.start(options, progress: { PlainOutput.error($0) }, begun: { desktop in starting.withLock { $0 = desktop } })
        desktop.withLock { $0 = rig }
        starting.withLock { $0 = nil }
        PlainOutput.error(String(format: "Orca %@ is reading Chromium on the display %@, ready after %.1f seconds.", rig.orcaVersion, rig.display, Date().timeIntervalSince(started)))
        return rig
    }

    private func closeOnSignals() {
        TerminationSignals.install { [self] signalNumber in
            interrupted.store(true, ordering: .releasing)
            beforeExit.withLock { $0 }?(signalNumber)
            close()
            exit(128 + signalNumber)
        }
    }

    /// Ctrl-C closes the browser under a page, which fails what it was doing; the signal's exit is the
    /// one to take, so a failure after it waits here for that exit instead of reporting itself.
    func waitIfInterrupted() {
        while interrupted.load(ordering: .acquiring) { sleep(1) }
    }

    /// Ends the browser and the private desktop, if they were started.
    func close() {
        let browser = started.withLock { state in
            defer { state = nil }
            return state
        }
        browser?.close()
        let rig = desktop.withLock { state in
            defer { state = nil }
            return state
        }
        rig?.close()
        starting.withLock { state in
            defer { state = nil }
            return state
        }?.close()
    }
}
