@testable import ATDriver
import Foundation
import Synchronization

/// A screen reader in name only: it records the keys, pages and settings it is given, and speaks when a test
/// calls `speak`, as long as a session is capturing.
final class FakeBackend: ATDriverBackend {
    private struct State {
        var settings: [ATDriverSetting] = [
            ATDriverSetting(name: "rate", value: .number(50), values: .number(minimum: 0, maximum: 100)),
            ATDriverSetting(name: "keyEcho", value: .bool(true), values: .boolean),
            ATDriverSetting(name: "punctuation", value: .string("some"), values: .oneOf(["none", "some", "most", "all"])),
        ]
        var pressed: [[String]] = []
        var pages: [String] = []
        var applied: [[ATDriverSettingValue]] = []
        var deliver: (@Sendable (ATDriverCapturedOutput) -> Void)?
        var stops = 0
        var keyFailure: ATDriverFailure?
        var keySeconds: TimeInterval = 0
    }

    private let state = Mutex(State())
    /// Signalled at each stop of capturing, for a test to wait on.
    private let stopped = DispatchSemaphore(value: 0)

    let identity = ATDriverIdentity(atName: "Orca", atVersion: "46.1", display: ":99")

    func supportedSettings() -> [ATDriverSetting] { state.withLock { $0.settings } }

    func apply(_ settings: [ATDriverSettingValue]) throws(ATDriverFailure) {
        state.withLock { state in
            state.applied.append(settings)
            for change in settings {
                if let index = state.settings.firstIndex(where: { $0.name == change.name }) { state.settings[index].value = change.value }
            }
        }
    }

    func pressKeys(_ keys: [String]) throws(ATDriverFailure) {
        let (failure, time) = state.withLock { state in
            state.pressed.append(keys)
            return (state.keyFailure, state.keySeconds)
        }
        // Not a wait: a key press takes this long, as on a real display, so a later answer could overtake it.
        if time > 0 { Thread.sleep(forTimeInterval: time) }
        if let failure { throw failure }
    }

    func openPage(_ url: String) throws(ATDriverFailure) { state.withLock { $0.pages.append(url) } }

    func startCapturing(_ deliver: @escaping @Sendable (ATDriverCapturedOutput) -> Void) {
        state.withLock { $0.deliver = deliver }
    }

    func stopCapturing() {
        state.withLock { state in
            state.deliver = nil
            state.stops += 1
        }
        stopped.signal()
    }

    /// Waits up to `seconds` for capturing to be stopped once more; false if it was not.
    func waitForStop(seconds: Int = 10) -> Bool { stopped.wait(timeout: .now() + .seconds(seconds)) == .success }

    /// What the keyboard was given: one chord per press.
    var pressed: [[String]] { state.withLock { $0.pressed } }
    var pages: [String] { state.withLock { $0.pages } }
    var applied: [[ATDriverSettingValue]] { state.withLock { $0.applied } }
    var isCapturing: Bool { state.withLock { $0.deliver != nil } }
    /// How many times capturing was stopped.
    var stops: Int { state.withLock { $0.stops } }

    /// Makes every key press take `time`, as sending keys to a real display does.
    func takeTime(pressingKeys seconds: TimeInterval) { state.withLock { $0.keySeconds = seconds } }

    /// Makes every key press fail with `failure`.
    func failKeys(with failure: ATDriverFailure) { state.withLock { $0.keyFailure = failure } }

    /// Speaks `output` to whoever captures; false when no session is capturing.
    @discardableResult
    func speak(_ output: ATDriverCapturedOutput) -> Bool {
        guard let deliver = state.withLock({ $0.deliver }) else { return false }
        deliver(output)
        return true
    }

    /// The deliverer the running session gave, to keep and call after a stop as a late speech thread would.
    var lastDeliverer: (@Sendable (ATDriverCapturedOutput) -> Void)? { state.withLock { $0.deliver } }
}
